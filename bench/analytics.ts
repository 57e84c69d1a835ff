/**
 * Progress heartbeats at scale (docs/studio.md): 1,000 concurrent viewers send heartbeats for 60 s,
 * and what that costs the list and the watch call.
 *
 *   npx tsx bench/analytics.ts [--viewers 1000] [--seconds 60] [--interval 15] [--videos 1000] [--connections 10] [--idle 10]
 *
 * The real server (`apps/server/src/server.ts`, ROLE=all, HTTP workers, embedded PostgreSQL,
 * fresh DATA_DIR) with `--videos` seeded videos. Each simulated viewer is an anonymous browser of
 * its own (its own User-Agent, so its own viewer key) watching one of 50 public videos: it starts
 * at a random moment of the first interval and sends `{position, playing: true}` every
 * `--interval` s (the player's 15 s), over keep-alive connections, for `--seconds` (`--seconds 10`
 * for a short run). The list (GET /api/video?page=1) and the watch call (GET /api/video/v/:id)
 * run at `--connections` each.
 *
 * First the heartbeats alone (their p50/p99: goal p99 ≤ 20 ms), then the list and the watch call
 * idle, then both again beside a second round of heartbeats (other viewers): list and watch
 * p50/p99 idle and under the heartbeats (goal p99 within 1.5 × idle), the heartbeats' own figures
 * there too, errors, and what the batched flush wrote: sessions and rows of video_daily_stats
 * (one per video and day, never one per heartbeat). Takes about 2 × `--seconds` + `--idle`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import http from 'node:http';
import { sql } from 'kysely';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded.ts';
import { createDb } from '../apps/server/src/db/database.ts';
import { seedVideos } from './seed-videos.ts';
import { cpuSeconds, loadCall, startServer } from './support.ts';

const { values: opts } = parseArgs({
  options: {
    viewers: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '60' },
    interval: { type: 'string', default: '15' },
    videos: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '10' },
    idle: { type: 'string', default: '10' },
  },
});
const viewers = Number(opts.viewers);
const seconds = Number(opts.seconds);
const intervalMs = Number(opts.interval) * 1000;
const connections = Number(opts.connections);

const server = await startServer();
// The app role's URL, from the pid file's port and the password in DATA_DIR/secrets.
const db = createDb((await runningEmbeddedUrl(path.join(server.dataDir, 'pg')))!, 2);
// Keep-alive connections, one per viewer at most, as browsers hold them between heartbeats.
const agent = new http.Agent({ keepAlive: true, maxSockets: viewers });
try {
  await seedVideos(db, { videos: Number(opts.videos), owners: 100 });
  const { rows } = await sql<{ id: string; duration: number }>`
    SELECT id, duration FROM videos WHERE status = 'ready' AND NOT is_exclusive ORDER BY views DESC LIMIT 50`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  const pick = () => rows[Math.floor(Math.random() * rows.length)]!;

  const calls = {
    list: { url: `${server.base}/api/video?page=1` },
    watch: { url: `${server.base}/api/video/v/${rows[0]!.id}`, path: () => `/api/video/v/${pick().id}` },
  };
  await Promise.all(Object.values(calls).map((c) => loadCall(c, 2, connections).done)); // warm-up
  // The heartbeats alone: what a heartbeat costs. Then the list and the watch call idle, and again
  // beside a second round of heartbeats (new sessions: other viewers).
  const cpuBefore = await cpuSeconds(server.pid);
  const alone = await heartbeats(rows, 'a');
  // What a heartbeat costs the server and its database, which a shared machine does not blur.
  const cpuPerBeat = ((await cpuSeconds(server.pid)) - cpuBefore) / alone.sent;
  const idle = await Promise.all(Object.values(calls).map((c) => loadCall(c, Number(opts.idle), connections).done));
  const during = Object.values(calls).map((c) => loadCall(c, seconds + 5, connections));
  const beside = await heartbeats(rows, 'b');
  for (const r of during) r.stop();
  const under = await Promise.all(during.map((r) => r.done));

  // The server writes what it holds every VIEW_FLUSH_MS (2 s): wait for the last flush.
  await new Promise((r) => setTimeout(r, 3000));
  const { rows: stored } = await sql<{ rows: number; sessions: number }>`
    SELECT count(*)::int AS rows, coalesce(sum(sessions), 0)::int AS sessions FROM video_daily_stats`.execute(db);

  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`| call | idle p50 | idle p99 | heartbeats p50 | heartbeats p99 | p99 under / idle | errors |`);
  console.log(`|---|---:|---:|---:|---:|---:|---:|`);
  let worst = 0;
  Object.keys(calls).forEach((name, i) => {
    const a = idle[i]!;
    const b = under[i]!;
    worst = Math.max(worst, b.p99 / a.p99);
    console.log(
      `| ${name} | ${f(a.p50)} | ${f(a.p99)} | ${f(b.p50)} | ${f(b.p99)} | ${(b.p99 / a.p99).toFixed(2)} | ${a.errors + b.errors} |`,
    );
  });
  const line = (name: string, b: Awaited<ReturnType<typeof heartbeats>>) =>
    console.log(
      `heartbeats ${name}: ${b.sent} sent by ${viewers} viewers in ${seconds} s (${(b.sent / seconds).toFixed(0)}/s), ` +
        `${b.errors} errors${b.failed ? ` (${b.failed})` : ''}, p50 ${f(b.p50)}, p99 ${f(b.p99)}, max ${f(b.max)}`,
    );
  line('alone', alone);
  console.log(`CPU of the server and its database per heartbeat, heartbeats alone: ${(cpuPerBeat * 1e6).toFixed(0)} µs`);
  line('beside the list and watch load', beside);
  console.log(
    `written: ${stored[0]!.sessions} sessions (${2 * viewers} viewers) in ${stored[0]!.rows} rows of video_daily_stats; ` +
      `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const errors = alone.errors + beside.errors;
  const met = errors === 0 && alone.p99 <= 20 && worst <= 1.5;
  console.log(
    `targets: 0 errors (${errors}), heartbeat p99 ≤ 20 ms (${f(alone.p99)}), list/watch p99 ≤ 1.5 × idle (${worst.toFixed(2)}): ` +
      `${met ? 'met' : 'NOT met'}`,
  );
} finally {
  agent.destroy();
  await db.destroy();
  await server.stop();
  await fs.rm(server.dataDir, { recursive: true, force: true });
}

/** Every viewer's heartbeats for `seconds`; their latencies. */
async function heartbeats(videos: { id: string; duration: number }[], round: string) {
  const latencies: number[] = [];
  let errors = 0;
  /** Failed heartbeats by status (0: the connection failed). */
  const failures = new Map<number, number>();
  const end = Date.now() + seconds * 1000;
  const viewer = async (n: number) => {
    const video = videos[n % videos.length]!;
    const ua = `bench-viewer-${round}-${n}`;
    await new Promise((r) => setTimeout(r, Math.random() * intervalMs));
    for (let position = 0; Date.now() < end; position += intervalMs / 1000) {
      const started = performance.now();
      const status = await post(`${server.base}/api/video/v/${video.id}/progress`, ua, {
        position: Math.min(position, video.duration),
        playing: true,
      });
      if (status !== 200) {
        errors += 1;
        failures.set(status, (failures.get(status) ?? 0) + 1);
      }
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  };
  await Promise.all(Array.from({ length: viewers }, (_, n) => viewer(n)));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const failed = [...failures].map(([status, n]) => `${n} × ${status || 'no answer'}`).join(', ');
  return { sent: latencies.length, errors, failed, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? 0 };
}

/** One JSON POST on the keep-alive agent; its status (0: it failed). */
function post(url: string, userAgent: string, body: unknown): Promise<number> {
  const data = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), 'user-agent': userAgent },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(data);
  });
}
