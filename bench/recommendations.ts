/**
 * Offline evaluation of For you (docs/recommendations.md): a synthetic population with planted
 * taste clusters and Zipf popularity, each viewer's last watch held out; hit-rate@12 and nDCG@12
 * of For you (the real service on the real database, after the real refresh) next to a popularity
 * baseline and a random baseline; For-you latency; the time to refresh the neighbours after
 * 100,000 new watch events.
 *
 *   npx tsx bench/recommendations.ts [--viewers 20000] [--videos 50000] [--channels 1000]
 *     [--clusters 50] [--watches 10] [--sample 2000] [--new-events 100000]
 *
 * PostgreSQL: DATABASE_URL when set (a database bench_recs_<n> is created on it), else an
 * embedded one in a temp folder, removed after.
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

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const P = {
  viewers: arg('viewers', 20_000),
  videos: arg('videos', 50_000),
  channels: arg('channels', 1_000),
  clusters: arg('clusters', 50),
  watches: arg('watches', 10),
  sample: arg('sample', 2_000),
  newEvents: arg('new-events', 100_000),
  /** Share of a viewer's watches inside their taste cluster. */
  inTaste: 0.8,
  zipf: 1.0,
};

// `--trending-weight w`: try another weight of trending in the blend (docs/recommendations.md).
KNOBS.trending = arg('trending-weight', KNOBS.trending);

/** Deterministic random numbers (mulberry32), so runs compare. */
let seed = 42;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
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

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const out = await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
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
  return { pick };
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

/** Inserts history rows (user, video, at) in batches. */
async function insertHistory(db: Db, rows: Array<[number, number, Date]>) {
  for (let start = 0; start < rows.length; start += 20_000) {
    const batch = rows.slice(start, start + 20_000);
    await sql`
      INSERT INTO watch_history (id, user_id, video_id, watched_on, watched_at)
      SELECT gen_random_uuid(), u, v, (a AT TIME ZONE 'UTC')::date, a
      FROM unnest(${batch.map((r) => userId(r[0]))}::uuid[], ${batch.map((r) => videoId(r[1]))}::uuid[], ${batch.map((r) =>
        r[2].toISOString(),
      )}::timestamptz[]) AS t(u, v, a)
      ON CONFLICT DO NOTHING`.execute(db);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function main() {
  let adminUrl = process.env.DATABASE_URL;
  const dir = adminUrl ? undefined : await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-bench-recs-'));
  const embedded = dir ? await startEmbeddedPostgres(path.join(dir, 'pg')) : undefined;
  adminUrl ??= embedded!.url('postgres');
  const name = `bench_recs_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 4);
  try {
    await migrateToLatest(db);
    console.log(
      `population: ${P.viewers} viewers, ${P.videos} videos, ${P.channels} channels, ${P.clusters} taste clusters, ${P.watches} watches each (${P.inTaste * 100} % in taste, Zipf ${P.zipf})`,
    );
    await timed('seed users and videos', () => seedDatabase(db));

    const { pick } = population();
    const histories: number[][] = [];
    const heldOut: number[] = [];
    const rows: Array<[number, number, Date]> = [];
    const start = Date.now() - 20 * 86_400_000;
    const popularity = new Map<number, number>();
    for (let u = 0; u < P.viewers; u++) {
      const taste = u % P.clusters;
      const seen = new Set<number>();
      while (seen.size < P.watches + 1) seen.add(pick(taste));
      const list = [...seen];
      heldOut.push(list.pop()!);
      histories.push(list);
      list.forEach((v, i) => {
        rows.push([u, v, new Date(start + u * 10 + i * 3_600_000)]);
        popularity.set(v, (popularity.get(v) ?? 0) + 1);
      });
    }
    await timed(`insert ${rows.length} watch events`, () => insertHistory(db, rows));
    // Trending from the same watches (views weighted by age: all within the window here).
    await timed('trending scores', async () => {
      const entries = [...popularity];
      for (let s = 0; s < entries.length; s += 20_000) {
        const batch = entries.slice(s, s + 20_000);
        await sql`
          UPDATE videos SET trend_score = ln(t.n::float8) + ((extract(epoch from now()) - 1735689600) * ${Math.LN2 / 86400})
          FROM unnest(${batch.map((e) => videoId(e[0]))}::uuid[], ${batch.map((e) => e[1])}::int[]) AS t(id, n)
          WHERE videos.id = t.id`.execute(db);
      }
    });
    await sql`ANALYZE`.execute(db);
    const repo = createRecommendationsRepo(db);
    const stats = await timed('first neighbour build (all history)', () => repo.refresh());
    console.log('  ', stats);

    const service = createRecommendationsService({
      repo,
      access: createAccessService({ db, uploadLimitDefault: 5, tokens: { verify: () => false } }),
    });
    const popular = [...popularity].sort((a, b) => b[1] - a[1]).map((e) => e[0]);
    const sampleIds = Array.from({ length: Math.min(P.sample, P.viewers) }, (_, i) =>
      Math.floor((i * P.viewers) / Math.min(P.sample, P.viewers)),
    );
    const score = { forYou: { hits: 0, ndcg: 0 }, popularity: { hits: 0, ndcg: 0 }, random: { hits: 0, ndcg: 0 } };
    const add = (s: { hits: number; ndcg: number }, list: number[] | string[], target: number | string) => {
      const rank = (list as Array<number | string>).indexOf(target);
      if (rank >= 0 && rank < 12) {
        s.hits += 1;
        s.ndcg += 1 / Math.log2(rank + 2);
      }
    };
    const latencies: number[] = [];
    for (const u of sampleIds) {
      const seen = new Set(histories[u]);
      const viewer = { _id: userId(u), role: 'user' } as Viewer;
      const t0 = performance.now();
      const page = await service.forYou(viewer, 1);
      latencies.push(performance.now() - t0);
      add(
        score.forYou,
        page.videos.map((v) => v._id),
        videoId(heldOut[u]!),
      );
      add(score.popularity, popular.filter((v) => !seen.has(v)).slice(0, 12), heldOut[u]!);
      const randomList: number[] = [];
      while (randomList.length < 12) {
        const v = Math.floor(random() * P.videos);
        if (!seen.has(v) && !randomList.includes(v)) randomList.push(v);
      }
      add(score.random, randomList, heldOut[u]!);
    }
    const n = sampleIds.length;
    console.log(`\nheld-out last watch, ${n} viewers sampled      hit-rate@12   nDCG@12`);
    for (const [label, s] of Object.entries(score)) {
      console.log(`  ${label.padEnd(40)} ${(s.hits / n).toFixed(4).padStart(10)}   ${(s.ndcg / n).toFixed(4)}`);
    }
    console.log(`  For you / popularity hit-rate: ${(score.forYou.hits / Math.max(1, score.popularity.hits)).toFixed(2)}×`);
    latencies.sort((a, b) => a - b);
    console.log(
      `For you latency (service + database, sequential): p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms`,
    );

    // New events: each drawn like the rest, an hour after everything before.
    const fresh: Array<[number, number, Date]> = [];
    for (let k = 0; k < P.newEvents; k++) {
      const u = Math.floor(random() * P.viewers);
      fresh.push([u, pick(u % P.clusters), new Date(Date.now() - 60_000 + (k % 50_000))]);
    }
    await timed(`insert ${P.newEvents} new watch events`, () => insertHistory(db, fresh));
    const again = await timed(`neighbour refresh after ${P.newEvents} new events`, () => repo.refresh());
    console.log('  ', again);
  } finally {
    await db.destroy();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
