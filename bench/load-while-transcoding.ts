/**
 * API latency while videos transcode in the same process (ROLE=all, the embedded default).
 *
 *   npx tsx bench/load-while-transcoding.ts [--duration 20] [--rounds 4] [--window 5] [--connections 100]
 *                                           [--videos 10000] [--uploads 3] [--seconds 60] [--encoder-nice 19]
 *                                           [--compare-nice 0,10,19]
 *
 * The real server (`apps/server/src/server.ts`, embedded PostgreSQL, fresh DATA_DIR) with
 * `--videos` seeded videos, and two calls at `--connections` connections: the list
 * (GET /api/video?page=1) and the watch call (GET /api/video/v/:id, 1,000 anonymous viewers on
 * the 50 most viewed videos).
 *
 * 1. Without uploads: each call for `--duration` s after a 2 s warm-up.
 * 2. While `--uploads` uploads of a generated `--seconds` s 720p clip (H.264 with long GOPs, so
 *    every rung is encoded) transcode: `--rounds` rounds in which each call runs `--window` s with
 *    the encoder running and `--window` s with it paused (SIGSTOP), in alternating order. On a
 *    machine shared with other work the load drifts by the minute; windows seconds apart see the
 *    same drift, so "running vs paused" isolates what the encoder costs the API.
 *
 * Prints p50/p99/errors of each, the p99 ratio transcoding / paused (the target: ≤ 1.5, with 0
 * errors) and transcoding / without uploads, and checks that an encoder ran in every running
 * window. `--encoder-nice` sets ENCODER_NICE for the server (default: its own, 19 with ROLE=all).
 *
 * `--compare-nice 0,10,19` replaces the "running" windows by one window per priority, the
 * encoder's threads reniced before each (lowering a nice value needs root or CAP_SYS_NICE), so
 * priorities are compared under the same drift.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded.ts';
import { createDb } from '../apps/server/src/db/database.ts';
import { ffmpegPath } from '../apps/server/src/media/binaries.ts';
import { seedVideos } from './seed-videos.ts';
import { addThumbnail, registerViaApi, root, startServer } from './support.ts';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '4' },
    window: { type: 'string', default: '5' },
    connections: { type: 'string', default: '100' },
    videos: { type: 'string', default: '10000' },
    uploads: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '60' },
    'encoder-nice': { type: 'string' },
    'compare-nice': { type: 'string' },
  },
});
const connections = Number(opts.connections);
const outDir = path.join(root, 'bench/.out');
await fs.mkdir(outDir, { recursive: true });

interface Scenario {
  name: string;
  url: string;
  /** A new path for every request (else always `url`'s). */
  path?: () => string;
  /** User agents to draw from, one per request. */
  viewers?: string[];
}

interface Result {
  p50: number;
  p99: number;
  rps: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
}

const clip = await generateClip(Number(opts.seconds));
const server = await startServer(opts['encoder-nice'] === undefined ? {} : { ENCODER_NICE: opts['encoder-nice'] });
try {
  const watchIds = await seed(server.dataDir, Number(opts.videos));
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
  const viewers = Array.from({ length: 1000 }, (_, i) => `bench-viewer-${i}`);
  const scenarios: Scenario[] = [
    { name: 'list', url: `${server.base}/api/video?page=1` },
    { name: 'watch', url: `${server.base}/api/video/v/${watchIds[0]}`, path: () => `/api/video/v/${pick(watchIds)}`, viewers },
  ];
  console.error(`${os.cpus().length} CPUs, ${connections} connections; load average ${load()}`);

  const idle: Record<string, Result> = {};
  for (const s of scenarios) {
    await measure(s, 2); // warm-up
    idle[s.name] = await measure(s, Number(opts.duration), 'without uploads');
  }

  const cookie = await registerViaApi(server.base, `uploader${Date.now()}`);
  const uploads: string[] = [];
  for (let i = 1; i <= Number(opts.uploads); i++) uploads.push(await upload(server.base, cookie, clip, i));
  const encoderDir = path.join(server.dataDir, 'media', 'videos');
  const first = await waitForEncoder(encoderDir);
  const encoder = { nice: await niceOf(first), threads: (await fs.readdir(`/proc/${first}/task`)).length };

  // Window states: paused, and running at the server's priority or at each compared one.
  const states = [
    'paused',
    ...(opts['compare-nice'] ? opts['compare-nice'].split(',').map((n) => `nice ${Number(n)}`) : ['running']),
  ];
  const windows: Record<string, Record<string, Result[]>> = Object.fromEntries(states.map((st) => [st, {}]));
  let windowsWithoutEncoder = 0;
  let windowsDisturbed = 0;
  for (let round = 0; round < Number(opts.rounds); round++) {
    // Rotating order, so no state always goes first.
    for (const state of states.map((_, i) => states[(i + round) % states.length]!)) {
      const pids = await encodersIn(encoderDir);
      if (pids.length === 0) windowsWithoutEncoder += 1;
      for (const pid of pids) {
        process.kill(pid, state === 'paused' ? 'SIGSTOP' : 'SIGCONT');
        if (state.startsWith('nice ')) await renice(pid, Number(state.slice(5)));
      }
      for (const s of scenarios) {
        const r = await measure(s, Number(opts.window), `round ${round + 1}, encoder ${state}`);
        (windows[state]![s.name] ??= []).push(r);
      }
      // A new encoder (the next video) that started during a paused window ran unpaused.
      if (state === 'paused' && (await encodersIn(encoderDir)).some((pid) => !pids.includes(pid))) windowsDisturbed += 1;
    }
    for (const pid of await encodersIn(encoderDir)) process.kill(pid, 'SIGCONT');
  }
  // Deleting the videos cancels their jobs and stops the encoder before the answer.
  for (const id of uploads) await fetch(`${server.base}/api/video/v/${id}`, { method: 'DELETE', headers: { cookie } });

  const ms = (n: number) => `${Math.round(n)} ms`;
  const running = states.filter((st) => st !== 'paused');
  const lines = [
    `| call | encoder | p50 | p99 | p99 / paused | p99 / without uploads | errors |`,
    `|---|---|---:|---:|---:|---:|---:|`,
  ];
  let worst = 0;
  let errors = 0;
  for (const { name } of scenarios) {
    const idleResult = idle[name]!;
    const paused = summarise(windows.paused![name]!);
    errors += idleResult.errors;
    lines.push(`| ${name} | none, without uploads | ${ms(idleResult.p50)} | ${ms(idleResult.p99)} | | | ${idleResult.errors} |`);
    for (const state of states) {
      const r = summarise(windows[state]![name]!);
      errors += r.errors;
      if (state === 'paused') {
        lines.push(
          `| ${name} | paused (SIGSTOP) | ${ms(r.p50)} | ${ms(r.p99)} | | ${(r.p99 / idleResult.p99).toFixed(2)} | ${r.errors} |`,
        );
        continue;
      }
      const label = state === 'running' ? `running, nice ${encoder.nice}` : `running, ${state}`;
      if (state === 'running' || state === `nice ${encoder.nice}`) worst = Math.max(worst, r.p99 / paused.p99);
      lines.push(
        `| ${name} | ${label} | ${ms(r.p50)} | ${ms(r.p99)} | ${(r.p99 / paused.p99).toFixed(2)} | ` +
          `${(r.p99 / idleResult.p99).toFixed(2)} | ${r.errors} |`,
      );
    }
  }
  console.log(lines.join('\n'));
  console.log(
    `medians of ${opts.rounds} rounds of ${opts.window} s windows (${running.join(', ')} vs paused); server's encoder at nice ${encoder.nice} ` +
      `with ${encoder.threads} threads` +
      `${windowsWithoutEncoder ? `, NO encoder in ${windowsWithoutEncoder} windows (raise --uploads or --seconds)` : ''}` +
      `${windowsDisturbed ? `, a new encoder ran in ${windowsDisturbed} paused windows` : ''}; ` +
      `${os.cpus().length} CPUs, load average after ${load()}`,
  );
  console.log(
    `targets at the server's priority: 0 errors (${errors}), p99 transcoding / paused ≤ 1.5 (${worst.toFixed(2)}): ` +
      `${errors === 0 && worst <= 1.5 ? 'met' : 'NOT met'}`,
  );
} finally {
  await server.stop();
  await fs.rm(server.dataDir, { recursive: true, force: true });
}

async function measure(s: Scenario, seconds: number, label?: string): Promise<Result> {
  const requests = [
    {
      setupRequest: (request: { path: string; headers?: Record<string, string> }) => ({
        ...request,
        ...(s.path ? { path: s.path() } : {}),
        ...(s.viewers
          ? { headers: { ...request.headers, 'user-agent': s.viewers[Math.floor(Math.random() * s.viewers.length)]! } }
          : {}),
      }),
    },
  ];
  const r = await autocannon({ url: s.url, connections, duration: seconds, requests });
  const result = {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: Math.round(r.requests.average),
    errors: r.errors + r.timeouts + r.non2xx,
  };
  if (label) {
    console.error(
      `${s.name} (${label}): p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.rps} req/s, ${result.errors} errors, load ${load()}`,
    );
  }
  return result;
}

/** Median p50 and p99 of the windows, total errors. */
function summarise(results: Result[]): Result {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  return {
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    rps: median(results.map((r) => r.rps)),
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}

/** Seeds the server's embedded database (its port is in PostgreSQL's pid file); returns the 50 most viewed public videos. */
async function seed(dataDir: string, videos: number): Promise<string[]> {
  // The app role's URL, from the pid file's port and the password in DATA_DIR/secrets.
  const db = createDb((await runningEmbeddedUrl(path.join(dataDir, 'pg')))!, 1);
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
  addThumbnail(form);
  form.set('videoFile', new Blob([await fs.readFile(file)], { type: 'video/mp4' }), path.basename(file));
  const res = await fetch(`${base}/api/video/new`, { method: 'POST', body: form, headers: { cookie } });
  if (res.status !== 201) throw new Error(`upload ${n}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

async function waitForEncoder(folder: string): Promise<number> {
  for (;;) {
    const [pid] = await encodersIn(folder);
    if (pid) return pid;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The server's ffmpeg processes: they run in their video's folder under DATA_DIR. */
async function encodersIn(folder: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cwd = await fs.readlink(`/proc/${entry}/cwd`).catch(() => '');
    if (cwd.startsWith(folder)) pids.push(Number(entry));
  }
  return pids;
}

/** Sets the nice value of every thread of a process (Linux priorities are per thread). */
async function renice(pid: number, nice: number) {
  for (const tid of await fs.readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    try {
      os.setPriority(Number(tid), nice);
    } catch {
      // the thread ended meanwhile
    }
  }
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
