/**
 * Offline evaluation of For you (docs/recommendations.md): a synthetic population with planted
 * taste clusters and Zipf popularity, each viewer's last watch held out; hit-rate@12 and nDCG@12
 * of For you (the real service on the real database, after the real refresh) next to a popularity
 * baseline, a random baseline and an oracle that knows each viewer's cluster and the generator's
 * chances (the best any model can score here); For-you latency; the time to refresh the neighbours after
 * 100,000 new watch events.
 *
 *   npx tsx bench/recommendations.ts [--viewers 20000] [--videos 50000] [--channels 1000]
 *     [--clusters 50] [--watches 10] [--sample <all viewers>] [--seed 42] [--new-events 100000]
 *     [--alphas 0.8] [--ks 20] [--shrinks 5] [--trending-warm 0.2] [--seed-decays 0.9] [--seed-counts 20] [--pairs 20]
 *
 * `--alphas a,b,…`, `--ks k,…`, `--shrinks s,…`, `--trending-warm w,…`, `--seed-decays d,…` and
 * `--seed-counts n,…` evaluate For you with each neighbour score exponent (NEIGHBOUR_KNOBS.alpha),
 * shrink and number of neighbours kept (NEIGHBOUR_KNOBS.neighbours; the neighbours are recomputed
 * for each of these), each trending weight of a viewer with history (KNOBS.trendingWarm), each
 * decay of the seeds' weights by recency (KNOBS.seedDecay) and each number of seeds (KNOBS.seeds),
 * so the knobs are compared on one population; `--pairs` sets NEIGHBOUR_KNOBS.pairsPerInteraction.
 * Latency is measured with the first of each.
 * Every viewer is evaluated unless `--sample n` (n viewers drawn at random); each hit-rate is printed
 * with its standard error, and For you / popularity with the standard error of the ratio (both
 * lists are scored on the same viewers: the delta method on the paired hits) and a 95 % interval.
 * `--seed` draws another population from the same generator.
 * At 1,000,000 videos / 100,000 viewers / 100 watches each (10 M events) the events are written
 * in batches of 50,000 as integer arrays turned into rows by the database (ids made in SQL, in
 * key order), and only the sampled viewers' histories stay in memory.
 *
 * PostgreSQL: DATABASE_URL when set (a database bench_recs_<n> is created on it), else an
 * embedded one in a temp folder, removed after. `--keep` leaves the folder and its database
 * (named bench_recs) as the run ends; `--reuse <folder>` measures such a database again with the
 * same population options, writing nothing: the population is drawn again in memory (for the
 * held-out watches and the baselines), generation, trending, the first build and the new events
 * are skipped. Keep with `--new-events 0` so that the kept history is the generated one; a
 * variant (`--alphas` …) leaves its neighbours in a reused database.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { createDb, migrateToLatest, type Db } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { createAccessService } from '../apps/server/src/features/access/access.service.ts';
import { createRecommendationsRepo } from '../apps/server/src/features/recommendations/recommendations.repo.ts';
import { createRecommendationsService } from '../apps/server/src/features/recommendations/recommendations.service.ts';
import type { Viewer } from '../apps/server/src/features/sessions/sessions.service.ts';
import { KNOBS } from '../apps/server/src/features/recommendations/ranking.ts';
import { cpuSeconds } from './support.ts';
import { NEIGHBOUR_KNOBS } from '../apps/server/src/features/recommendations/recommendations.repo.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const list = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]!.split(',').map(Number) : [fallback];
};
const P = {
  viewers: arg('viewers', 20_000),
  videos: arg('videos', 50_000),
  channels: arg('channels', 1_000),
  clusters: arg('clusters', 50),
  watches: arg('watches', 10),
  sample: arg('sample', Infinity),
  newEvents: arg('new-events', 100_000),
  /** Share of a viewer's watches inside their taste cluster. */
  inTaste: 0.8,
  zipf: 1.0,
};

// `--trending-weight w`: try another weight of trending for a viewer without history (docs/recommendations.md).
KNOBS.trending = arg('trending-weight', KNOBS.trending);
NEIGHBOUR_KNOBS.pairsPerInteraction = arg('pairs', NEIGHBOUR_KNOBS.pairsPerInteraction);
const ALPHAS = list('alphas', NEIGHBOUR_KNOBS.alpha);
NEIGHBOUR_KNOBS.alpha = ALPHAS[0]!;
const KS = list('ks', NEIGHBOUR_KNOBS.neighbours);
NEIGHBOUR_KNOBS.neighbours = KS[0]!;
const SHRINKS = list('shrinks', NEIGHBOUR_KNOBS.shrink);
NEIGHBOUR_KNOBS.shrink = SHRINKS[0]!;
const TRENDING_WARM = list('trending-warm', KNOBS.trendingWarm);
const SEED_DECAYS = list('seed-decays', KNOBS.seedDecay);
const SEED_COUNTS = list('seed-counts', KNOBS.seeds);

const SEED = arg('seed', 42);
const KEEP = process.argv.includes('--keep');
const REUSE = process.argv.includes('--reuse') ? process.argv[process.argv.indexOf('--reuse') + 1] : undefined;
/** Deterministic random numbers (mulberry32) from `state`, so runs compare. */
function mulberry32(state: number) {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** The population's draws; `--seed` draws another population. */
const random = mulberry32(SEED);

/**
 * The viewers evaluated: all of them, or `--sample n` drawn at random (from a stream of their
 * own, so the population stays the same). Evenly spaced ids would not do: viewer u's taste is
 * u % clusters, so every 10th viewer of 20,000 covers 5 of the 50 clusters.
 */
function sampleViewers(): number[] {
  const ids = Array.from({ length: P.viewers }, (_, i) => i);
  if (P.sample >= P.viewers) return ids;
  const draw = mulberry32(SEED + 1);
  for (let i = 0; i < P.sample; i++) {
    const j = i + Math.floor(draw() * (P.viewers - i));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  return ids.slice(0, P.sample).sort((a, b) => a - b);
}

/** A Zipf sampler over ranks 0..n-1 (cumulative weights, binary search). */
function zipf(n: number, s = P.zipf) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cdf[i] = sum += 1 / (i + 1) ** s;
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const uuid = (kind: number, i: number) =>
  `00000000-0000-7000-8${kind.toString(16).padStart(3, '0')}-${i.toString(16).padStart(12, '0')}`;
const userId = (i: number) => uuid(1, i);
const videoId = (i: number) => uuid(3, i);

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Runs `work` and prints its wall time and the CPU seconds of this process and its database (a shared machine blurs the first only). */
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const [started, cpu] = [performance.now(), await cpuSeconds(process.pid)];
  const out = await work();
  const used = (await cpuSeconds(process.pid)) - cpu;
  console.log(
    `${label}: ${((performance.now() - started) / 1000).toFixed(1)} s (${used.toFixed(1)} CPU s; load average ${load()})`,
  );
  return out;
}

/** Videos of cluster c: every video i with i % clusters === c, ranked by their index (Zipf inside). */
function population() {
  const perCluster = Math.ceil(P.videos / P.clusters);
  const inCluster = zipf(perCluster);
  const global = zipf(P.videos);
  const pick = (taste: number) => {
    if (random() < P.inTaste) {
      const r = inCluster();
      const i = r * P.clusters + taste;
      return i < P.videos ? i : taste;
    }
    return global();
  };
  const harmonic = (n: number) => Array.from({ length: n }, (_, r) => 1 / (r + 1) ** P.zipf).reduce((a, b) => a + b, 0);
  const [inSum, globalSum] = [harmonic(perCluster), harmonic(P.videos)];
  /** The chance that one draw of a viewer of this taste is video i (the generator's own numbers). */
  const chance = (i: number, taste: number) =>
    (i % P.clusters === taste ? P.inTaste / (Math.floor(i / P.clusters) + 1) ** P.zipf / inSum : 0) +
    (1 - P.inTaste) / (i + 1) ** P.zipf / globalSum;
  /**
   * The best 12 any model could offer (it knows the viewer's cluster and the generator): the
   * unwatched videos with the highest chance, from the cluster's head and the global head.
   */
  const oracle = (taste: number, seen: Set<number>) => {
    const head = Array.from({ length: 12 + P.watches }, (_, r) => r);
    const ids = [...new Set([...head.map((r) => r * P.clusters + taste), ...head])].filter((i) => i < P.videos && !seen.has(i));
    return ids.sort((a, b) => chance(b, taste) - chance(a, taste)).slice(0, 12);
  };
  return { pick, oracle };
}

async function seedDatabase(db: Db) {
  await sql`
    INSERT INTO users (id, username, email, fullname, avatar, password_hash)
    SELECT ('00000000-0000-7000-8002-' || lpad(to_hex(i), 12, '0'))::uuid, 'c' || i, 'c' || i || '@b.test', 'Channel ' || i, 'a', 'x'
    FROM generate_series(0, ${P.channels - 1}) i`.execute(db);
  await sql`
    INSERT INTO users (id, username, email, fullname, avatar, password_hash)
    SELECT ('00000000-0000-7000-8001-' || lpad(to_hex(i), 12, '0'))::uuid, 'v' || i, 'v' || i || '@b.test', 'Viewer ' || i, 'a', 'x'
    FROM generate_series(0, ${P.viewers - 1}) i`.execute(db);
  // Video i belongs to cluster i % clusters; its channel is one of that cluster's channels.
  const channelsPerCluster = Math.max(1, Math.floor(P.channels / P.clusters));
  await sql`
    INSERT INTO videos (id, owner_id, title, description, thumbnail, media_key, status, created_at)
    SELECT ('00000000-0000-7000-8003-' || lpad(to_hex(i), 12, '0'))::uuid,
           ('00000000-0000-7000-8002-' || lpad(to_hex(((i % ${P.clusters}) + ${P.clusters} * ((i / ${P.clusters}) % ${channelsPerCluster})) % ${P.channels}), 12, '0'))::uuid,
           'Video ' || i, 'd', 't', 'videos/' || i, 'ready', now() - make_interval(days => 30 + i % 300)
    FROM generate_series(0, ${P.videos - 1}) i`.execute(db);
}

/** Buffers history rows (viewer, video, seconds since 1970) and writes them 50,000 at a time; ids in key order. */
function historyWriter(db: Db) {
  let next = 0;
  let users: number[] = [];
  let videos: number[] = [];
  let times: number[] = [];
  const flush = async () => {
    if (users.length === 0) return;
    const [u, v, t, first] = [users, videos, times, next];
    next += u.length;
    users = [];
    videos = [];
    times = [];
    await sql`
      INSERT INTO watch_history (id, user_id, video_id, watched_on, watched_at)
      SELECT ('00000000-0000-7000-8004-' || lpad(to_hex(${first}::bigint + k - 1), 12, '0'))::uuid,
             ('00000000-0000-7000-8001-' || lpad(to_hex(u), 12, '0'))::uuid,
             ('00000000-0000-7000-8003-' || lpad(to_hex(v), 12, '0'))::uuid,
             (to_timestamp(a) AT TIME ZONE 'UTC')::date, to_timestamp(a)
      FROM unnest(${u}::int[], ${v}::int[], ${t}::float8[]) WITH ORDINALITY AS t(u, v, a, k)
      ON CONFLICT DO NOTHING`.execute(db);
  };
  return {
    async add(user: number, video: number, at: number) {
      users.push(user);
      videos.push(video);
      times.push(at / 1000);
      if (users.length >= 50_000) await flush();
    },
    flush,
  };
}

/** Prints each step of a refresh. */
const profile = (step: string, ms: number) => console.log(`    ${step}: ${(ms / 1000).toFixed(1)} s`);

/** One list's score over the evaluated viewers, kept per viewer (for standard errors and paired ratios). */
class Score {
  /** Per viewer, in evaluation order: 1 when the held-out video is in the first 12. */
  readonly hits: number[] = [];
  private gain = 0;
  add(ranked: Array<number | string>, target: number | string) {
    const rank = ranked.indexOf(target);
    const hit = rank >= 0 && rank < 12;
    this.hits.push(hit ? 1 : 0);
    if (hit) this.gain += 1 / Math.log2(rank + 2);
  }
  hitRate = () => mean(this.hits);
  ndcg = () => this.gain / Math.max(1, this.hits.length);
  hitRateError = () => Math.sqrt(variance(this.hits) / Math.max(1, this.hits.length));
  /**
   * This hit-rate over `other`'s, scored on the same viewers, with its standard error by the
   * delta method: Var(F/P) ≈ Var(f − R·p) / (n·P²) over the per-viewer hits f and p.
   */
  ratioTo(other: Score) {
    const [f, p] = [this.hitRate(), other.hitRate()];
    const ratio = f / p;
    const d = this.hits.map((h, i) => h - ratio * other.hits[i]!);
    return { ratio, error: Math.sqrt(variance(d) / d.length) / p };
  }
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
/** Sample variance (n − 1). */
function variance(xs: number[]) {
  const m = mean(xs);
  return xs.reduce((a, x) => a + (x - m) ** 2, 0) / Math.max(1, xs.length - 1);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function main() {
  let adminUrl = process.env.DATABASE_URL;
  const dir = adminUrl ? undefined : (REUSE ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-bench-recs-'))));
  const embedded = dir ? await startEmbeddedPostgres(path.join(dir, 'pg')) : undefined;
  adminUrl ??= embedded!.superuserUrl('postgres');
  const name = KEEP || REUSE ? 'bench_recs' : `bench_recs_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (!REUSE) await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 4);
  try {
    await migrateToLatest(db);
    console.log(
      `population: ${P.viewers} viewers, ${P.videos} videos, ${P.channels} channels, ${P.clusters} taste clusters, ${P.watches} watches each (${P.inTaste * 100} % in taste, Zipf ${P.zipf}; seed ${SEED}); pairing window ${NEIGHBOUR_KNOBS.pairsPerInteraction}`,
    );
    if (!REUSE) await timed('seed users and videos', () => seedDatabase(db));

    const { pick, oracle } = population();
    const sampleIds = sampleViewers();
    const sampled = new Set(sampleIds);
    const histories = new Map<number, number[]>();
    const heldOut = new Map<number, number>();
    const start = Date.now() - 20 * 86_400_000;
    const popularity = new Int32Array(P.videos);
    const writer = REUSE ? { add: async () => {}, flush: async () => {} } : historyWriter(db);
    await timed(`${REUSE ? 'draw again (written before)' : 'insert'} ${P.viewers * P.watches} watch events`, async () => {
      for (let u = 0; u < P.viewers; u++) {
        const taste = u % P.clusters;
        const seen = new Set<number>();
        while (seen.size < P.watches + 1) seen.add(pick(taste));
        const watched = [...seen];
        const last = watched.pop()!;
        if (sampled.has(u)) {
          heldOut.set(u, last);
          histories.set(u, watched);
        }
        for (let i = 0; i < watched.length; i++) {
          popularity[watched[i]!]! += 1;
          await writer.add(u, watched[i]!, start + u * 10 + i * 3_600_000);
        }
      }
      await writer.flush();
    });
    // Trending from the same watches (views weighted by age: all within the window here).
    if (!REUSE)
      await timed('trending scores', async () => {
        const watchedVideos = [...popularity.keys()].filter((v) => popularity[v]! > 0);
        for (let s = 0; s < watchedVideos.length; s += 50_000) {
          const batch = watchedVideos.slice(s, s + 50_000);
          await sql`
            UPDATE videos SET trend_score = ln(t.n::float8) + ((extract(epoch from now()) - 1735689600) * ${Math.LN2 / 86400})
            FROM unnest(${batch.map((v) => videoId(v))}::uuid[], ${batch.map((v) => popularity[v]!)}::int[]) AS t(id, n)
            WHERE videos.id = t.id`.execute(db);
        }
      });
    await sql`ANALYZE`.execute(db);
    const repo = createRecommendationsRepo(db);
    if (!REUSE) {
      const stats = await timed('first neighbour build (all history)', () => repo.refresh(NEIGHBOUR_KNOBS, profile));
      console.log('  ', stats);
    }
    // The steady state a server reads in: the build's dead rows gone, statistics and visibility
    // maps current (so autovacuum does not run inside the latency loop).
    await timed('vacuum and analyze', () => sql`VACUUM ANALYZE`.execute(db));

    const service = createRecommendationsService({
      repo,
      access: createAccessService({ db, uploadLimitDefault: 5 }),
    });
    // Warm-up (JIT, connections): 50 requests, not timed.
    for (let k = 0; k < 50; k++) await service.forYou({ _id: userId((k * 7919 + 1) % P.viewers), role: 'user' } as Viewer, 1);
    const popular = [...popularity.keys()].filter((v) => popularity[v]! > 0).sort((a, b) => popularity[b]! - popularity[a]!);
    const baselines = { oracle: new Score(), popularity: new Score(), random: new Score() };
    for (const u of sampleIds) {
      const seen = new Set(histories.get(u));
      baselines.oracle.add(oracle(u % P.clusters, seen), heldOut.get(u)!);
      baselines.popularity.add(
        popular
          .slice(0, 12 + P.watches)
          .filter((v) => !seen.has(v))
          .slice(0, 12),
        heldOut.get(u)!,
      );
      const randomList: number[] = [];
      while (randomList.length < 12) {
        const v = Math.floor(random() * P.videos);
        if (!seen.has(v) && !randomList.includes(v)) randomList.push(v);
      }
      baselines.random.add(randomList, heldOut.get(u)!);
    }
    const n = sampleIds.length;
    const line = (label: string, s: Score) =>
      console.log(
        `  ${label.padEnd(40)} ${s.hitRate().toFixed(4).padStart(10)} ± ${s.hitRateError().toFixed(4)}   ${s.ndcg().toFixed(4)}`,
      );
    console.log(`\nheld-out last watch, ${n} viewers      hit-rate@12 ± 1 s.e.   nDCG@12`);
    line('oracle (knows the clusters: the ceiling)', baselines.oracle);
    line('popularity', baselines.popularity);
    line('random', baselines.random);
    let latencies: number[] = [];
    let cpuPerRequest = 0;
    const variants = ALPHAS.flatMap((alpha) =>
      KS.flatMap((neighbours) => SHRINKS.map((shrink) => ({ alpha, neighbours, shrink }))),
    );
    for (const [vi, { alpha, neighbours, shrink }] of variants.entries()) {
      if (vi > 0) {
        await timed(`  neighbours recomputed with alpha ${alpha}, shrink ${shrink}, ${neighbours} kept`, () =>
          repo.rerank({ ...NEIGHBOUR_KNOBS, alpha, neighbours, shrink }),
        );
      }
      const blends = TRENDING_WARM.flatMap((w) => SEED_DECAYS.flatMap((d) => SEED_COUNTS.map((c) => [w, d, c] as const)));
      for (const [warm, decay, seeds] of blends) {
        KNOBS.trendingWarm = warm;
        KNOBS.seedDecay = decay;
        KNOBS.seeds = seeds;
        const forYou = new Score();
        const times: number[] = [];
        const cpu = await cpuSeconds(process.pid);
        for (const u of sampleIds) {
          const viewer = { _id: userId(u), role: 'user' } as Viewer;
          const t0 = performance.now();
          const page = await service.forYou(viewer, 1);
          times.push(performance.now() - t0);
          forYou.add(
            page.videos.map((v) => v._id),
            videoId(heldOut.get(u)!),
          );
        }
        if (latencies.length === 0) {
          latencies = times;
          cpuPerRequest = ((await cpuSeconds(process.pid)) - cpu) / times.length;
        }
        line(
          `For you (alpha ${alpha}, shrink ${shrink}, k ${neighbours}, trending →${warm}, decay ${decay}, seeds ${seeds})`,
          forYou,
        );
        const { ratio, error } = forYou.ratioTo(baselines.popularity);
        console.log(
          `    For you / popularity hit-rate: ${ratio.toFixed(2)}× ± ${error.toFixed(2)}× (1 s.e.; 95 %: ${(ratio - 1.96 * error).toFixed(2)}–${(ratio + 1.96 * error).toFixed(2)}×); oracle / popularity ${baselines.oracle.ratioTo(baselines.popularity).ratio.toFixed(2)}×`,
        );
      }
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `For you latency (service + database, sequential, ${latencies.length} viewers): p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms; ${(cpuPerRequest * 1000).toFixed(1)} CPU ms a request (this process and its database); load average ${load()}`,
    );

    if (REUSE) {
      console.log('new events and their refresh: skipped (--reuse writes nothing)');
      return;
    }
    // New events: each drawn like the rest, an hour after everything before.
    await timed(`insert ${P.newEvents} new watch events`, async () => {
      for (let k = 0; k < P.newEvents; k++) {
        const u = Math.floor(random() * P.viewers);
        await writer.add(u, pick(u % P.clusters), Date.now() - 60_000 + (k % 50_000));
      }
      await writer.flush();
    });
    const again = await timed(`neighbour refresh after ${P.newEvents} new events`, () => repo.refresh(NEIGHBOUR_KNOBS, profile));
    console.log('  ', again);
  } finally {
    await db.destroy();
    if (KEEP || REUSE) console.log(`database ${name} kept${dir ? `: --reuse ${dir}` : ''}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (dir && !KEEP && !REUSE) await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
