/**
 * API latency while videos transcode in the same process (ROLE=all, the embedded default).
 *
 *   npx tsx bench/load-while-transcoding.ts [--duration 20] [--connections 100] [--videos 10000]
 *                                           [--uploads 3] [--seconds 60] [--encoder-nice 10]
 *
 * The real server (`apps/server/src/server.ts`, embedded PostgreSQL, fresh DATA_DIR) with
 * `--videos` seeded videos. Two calls, each for `--duration` seconds at `--connections`
 * connections after a 2 s warm-up: the list (GET /api/video?page=1) and the watch call
 * (GET /api/video/v/:id, 1,000 anonymous viewers on the 50 most viewed videos). First with
 * nothing else running, then while `--uploads` uploads of a generated `--seconds` s 720p clip
 * (H.264 with long GOPs, so every rung is encoded) transcode, then idle again once they are
 * deleted (which stops their encoder).
 * Prints p50/p99/errors for both and the ratio of the p99s (target: 0 errors, ratio ≤ 1.5), and
 * checks that an encoder ran during the whole loaded measurement. `--encoder-nice` sets
 * ENCODER_NICE for the server (default: the server's own default, 10 with ROLE=all).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { createDb } from '../apps/server/src/db/database.ts';
import { ffmpegPath } from '../apps/server/src/media/binaries.ts';
import { seedVideos } from './seed-videos.ts';
import { registerViaApi, root, startServer } from './support.ts';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '100' },
    videos: { type: 'string', default: '10000' },
    uploads: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '60' },
    'encoder-nice': { type: 'string' },
  },
});
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const outDir = path.join(root, 'bench/.out');
await fs.mkdir(outDir, { recursive: true });

const clip = await generateClip(Number(opts.seconds));
const server = await startServer(opts['encoder-nice'] === undefined ? {} : { ENCODER_NICE: opts['encoder-nice'] });
try {
  const watchIds = await seed(server.dataDir, Number(opts.videos));
  // Many viewers (one user agent each, as anonymous viewers are told apart) on the 50 most viewed videos.
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
  const viewers = Array.from({ length: 1000 }, (_, i) => `bench-viewer-${i}`);
  const scenarios: Scenario[] = [
    { name: 'list', url: `${server.base}/api/video?page=1` },
    { name: 'watch', url: `${server.base}/api/video/v/${watchIds[0]}`, path: () => `/api/video/v/${pick(watchIds)}`, viewers },
  ];
  console.error(`${os.cpus().length} CPUs, ${connections} connections, ${duration} s per call; load average ${load()}`);

  // Idle, transcoding, idle again (transcodes cancelled): the machine is shared, so the idle
  // figures bracket the loaded ones and their spread shows the noise.
  const idleBefore = await measureAll(scenarios);
  const cookie = await registerViaApi(server.base, `uploader${Date.now()}`);
  const uploads: string[] = [];
  for (let i = 1; i <= Number(opts.uploads); i++) uploads.push(await upload(server.base, cookie, clip, i));
  const encoders = watchEncoders(server.dataDir);
  await encoders.started;
  const busy = await measureAll(scenarios);
  const encoding = encoders.stop();
  // Deleting cancels the jobs and stops the running encoder before it answers.
  for (const id of uploads) await fetch(`${server.base}/api/video/v/${id}`, { method: 'DELETE', headers: { cookie } });
  const idleAfter = await measureAll(scenarios);

  const idleP99 = (name: string) => (idleBefore[name]!.p99 + idleAfter[name]!.p99) / 2;
  const lines = [
    `| call | p50 idle (before / after) | p99 idle (before / after) | p50 transcoding | p99 transcoding | p99 ratio | errors (idle / transcoding) |`,
    `|---|---:|---:|---:|---:|---:|---:|`,
    ...scenarios.map(({ name }) => {
      const [a, b, c] = [idleBefore[name]!, busy[name]!, idleAfter[name]!];
      return (
        `| ${name} | ${a.p50} / ${c.p50} ms | ${a.p99} / ${c.p99} ms | ${b.p50} ms | ${b.p99} ms | ` +
        `${(b.p99 / idleP99(name)).toFixed(2)} | ${a.errors + c.errors} / ${b.errors} |`
      );
    }),
  ];
  console.log(lines.join('\n'));
  console.log(
    `p99 ratio = p99 transcoding / mean of the idle p99s; encoder running in ${(encoding.share * 100).toFixed(0)} % of the loaded ` +
      `samples (nice ${encoding.nice.join(', ') || '?'}, ${encoding.threads} threads); ${os.cpus().length} CPUs, load average after ${load()}`,
  );
  const worst = Math.max(...scenarios.map(({ name }) => busy[name]!.p99 / idleP99(name)));
  const errors = scenarios.reduce(
    (n, { name }) => n + idleBefore[name]!.errors + busy[name]!.errors + idleAfter[name]!.errors,
    0,
  );
  console.log(
    `targets: 0 errors (${errors}), p99 ratio ≤ 1.5 (${worst.toFixed(2)}): ${errors === 0 && worst <= 1.5 ? 'met' : 'NOT met'}`,
  );
  if (encoding.share < 1)
    console.log('warning: the transcodes did not cover the whole loaded measurement; raise --uploads or --seconds');
} finally {
  await server.stop();
  await fs.rm(server.dataDir, { recursive: true, force: true });
}

interface Scenario {
  name: string;
  url: string;
  /** A new path for every request (else always `url`'s). */
  path?: () => string;
  /** User agents to draw from for every request. */
  viewers?: string[];
}

async function measureAll(scenarios: Scenario[]): Promise<Record<string, Result>> {
  const results: Record<string, Result> = {};
  for (const s of scenarios) results[s.name] = await measure(s);
  return results;
}

interface Result {
  p50: number;
  p99: number;
  rps: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
}

async function measure(s: Scenario): Promise<Result> {
  const requests = [
    {
      setupRequest: (request: { path: string; headers: Record<string, string> }) => ({
        ...request,
        ...(s.path ? { path: s.path() } : {}),
        ...(s.viewers
          ? { headers: { ...request.headers, 'user-agent': s.viewers[Math.floor(Math.random() * s.viewers.length)]! } }
          : {}),
      }),
    },
  ];
  await autocannon({ url: s.url, connections, duration: 2, requests }); // warm-up
  const r = await autocannon({ url: s.url, connections, duration, requests });
  const result = {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: Math.round(r.requests.average),
    errors: r.errors + r.timeouts + r.non2xx,
  };
  console.error(
    `${s.name}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.rps} req/s, ${result.errors} errors (load ${load()})`,
  );
  return result;
}

/** Seeds the server's embedded database (its port is in PostgreSQL's pid file); returns the 50 most viewed public videos. */
async function seed(dataDir: string, videos: number): Promise<string[]> {
  const port = (await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[3]!.trim();
  const db = createDb(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, 1);
  try {
    await seedVideos(db, { videos, owners: 100 });
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM videos WHERE status = 'ready' AND NOT is_exclusive ORDER BY views DESC LIMIT 50`.execute(db);
    return rows.map((r) => r.id);
  } finally {
    await db.destroy();
  }
}

async function upload(base: string, cookie: string, file: string, n: number): Promise<string> {
  const form = new FormData();
  form.set('title', `Load test upload ${n}`);
  form.set('description', 'A generated 720p clip');
  form.set('videoFile', new Blob([await fs.readFile(file)], { type: 'video/mp4' }), path.basename(file));
  const res = await fetch(`${base}/api/video/new`, { method: 'POST', body: form, headers: { cookie } });
  if (res.status !== 201) throw new Error(`upload ${n}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

/** Samples the server's ffmpeg processes (by their working folder under DATA_DIR) every 250 ms. */
function watchEncoders(dataDir: string) {
  const folder = path.join(dataDir, 'media', 'videos');
  let samples = 0;
  let busy = 0;
  const nice = new Set<number>();
  let threads = 0;
  let stopped = false;
  let resolveStarted!: () => void;
  const started = new Promise<void>((resolve) => (resolveStarted = resolve));
  void (async () => {
    while (!stopped) {
      const pids = await encodersIn(folder);
      for (const pid of pids) {
        nice.add(await niceOf(pid));
        threads = Math.max(threads, (await fs.readdir(`/proc/${pid}/task`).catch(() => [])).length);
      }
      if (pids.length) resolveStarted();
      samples += 1;
      if (pids.length) busy += 1;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    /** Resolves once the first encoder runs; samples before that do not count. */
    started: started.then(() => {
      samples = 0;
      busy = 0;
    }),
    stop() {
      stopped = true;
      return { share: samples ? busy / samples : 0, nice: [...nice], threads };
    },
  };
}

async function encodersIn(folder: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cwd = await fs.readlink(`/proc/${entry}/cwd`).catch(() => '');
    if (cwd.startsWith(folder)) pids.push(Number(entry));
  }
  return pids;
}

async function niceOf(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** A 720p30 testsrc2 + sine clip, H.264 with x264's default 8.3 s GOP: every rung is encoded. */
async function generateClip(seconds: number): Promise<string> {
  const file = path.join(outDir, `source-720p30-${seconds}s.mp4`);
  if (
    await fs.stat(file).then(
      () => true,
      () => false,
    )
  )
    return file;
  const args = [
    ...['-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', `${file}.part.mp4`],
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
  await fs.rename(`${file}.part.mp4`, file);
  return file;
}

function load(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
}
