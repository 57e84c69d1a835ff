/**
 * GET /api/video?page=1 (the home grid's call) from the default start, next to a bare Fastify
 * sending the same body: `npx tsx bench/video-list.ts --start` or `npx tsx bench/video-list-start.ts`
 *
 *   [--videos 10000] [--rounds 4] [--duration 10] [--connections 64] [--port 3461] [--cpu-prof <dir>]
 *                               [--root <checkout>]
 *
 * The server is started as `npm start` starts it (scripts/start.mjs: node with tsx's loader on
 * apps/server/src/server.ts, an IPC channel to its launcher) with its defaults: HTTP_WORKERS=auto
 * (one HTTP process per CPU), the embedded PostgreSQL under a fresh DATA_DIR, LIST_CACHE_MS=1000,
 * request logs at info (to a file here), every plugin on. Only PORT, RTMP_PORT and DATA_DIR are
 * set. `--videos` are seeded into its database (bench/seed-videos.ts). The bare Fastify is a
 * process of its own (bench/bare-json.ts) with page 1's body as the server sent it. Each round runs
 * wrk (2 threads, `--connections`) against the bare server, then ours, for `--duration` s each
 * after a 2 s warm-up (5 s for both before the first round), and prints both req/s, the ratio, the CPU per answered request of each
 * server's processes (/proc, the cluster's workers and the embedded PostgreSQL included) and the
 * 1-minute load average. `--cpu-prof <dir>`: each server process writes a V8 CPU profile there
 * when it stops (open it in Chrome's DevTools). `--root <checkout>`: the server of another checkout
 * (an earlier commit's `apps/server`, `packages` and node_modules), to compare before and after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createDb } from '../apps/server/src/db/database.ts';
import { runningEmbeddedUrl } from '../apps/server/src/db/embedded.ts';
import { seedVideos } from './seed-videos.ts';

const root = path.resolve(import.meta.dirname, '..');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchDefaultStart() {
  const videos = Number(arg('videos', '10000'));
  const rounds = Number(arg('rounds', '4'));
  const duration = Number(arg('duration', '10'));
  const connections = Number(arg('connections', '64'));
  const port = Number(arg('port', '3461'));
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-bench-start-'));
  const children: ChildProcess[] = [];
  try {
    // As scripts/start.mjs runs it.
    const log = openSync(path.join(dataDir, 'server.log'), 'w');
    const prof = arg('cpu-prof', '');
    const profile = prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : [];
    const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: path.resolve(arg('root', root)),
      env: { ...process.env, PORT: String(port), RTMP_PORT: String(port + 2), DATA_DIR: path.join(dataDir, 'data') },
      stdio: ['ignore', log, 'inherit', 'ipc'],
    });
    children.push(server);
    const url = `http://127.0.0.1:${port}/api/video?page=1`;
    await until(async () => (await fetch(url)).status === 200, 180_000, 'the server to answer');
    const pgUrl = await runningEmbeddedUrl(path.join(dataDir, 'data/pg'));
    if (!pgUrl) throw new Error('no embedded PostgreSQL under DATA_DIR/pg');
    const db = createDb(pgUrl, 1);
    const started = Date.now();
    await seedVideos(db, { videos });
    await db.destroy();
    console.error(`seeded ${videos.toLocaleString()} videos in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    // The cached page outlives the seeding by at most 2 × LIST_CACHE_MS.
    let body = '';
    await until(
      async () => {
        body = await (await fetch(url)).text();
        // Processing, failed and exclusive videos are not listed.
        return (JSON.parse(body) as { data: { total: number } }).data.total > videos / 2;
      },
      30_000,
      'page 1 to show the seeded videos',
    );
    const bodyFile = path.join(dataDir, 'body.json');
    await fs.writeFile(bodyFile, body);
    const bare = spawn(path.join(root, 'node_modules/.bin/tsx'), ['bench/bare-json.ts', String(port + 1), bodyFile], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(bare);
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: bare.stdout! }).on('line', (line) => line === 'LISTENING' && resolve());
      bare.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    });
    const bareUrl = `http://127.0.0.1:${port + 1}/api/video?page=1`;
    const bareBody = await (await fetch(bareUrl)).text();
    if (bareBody !== body) throw new Error('the bare server does not send the same body');
    console.error(
      `body ${Buffer.byteLength(body)} bytes; ${os.cpus().length} CPUs; ${connections} connections, ${duration} s per run`,
    );

    // A fresh server is cold (code not yet optimised, pools empty): its first round would measure that.
    await wrk(url, 5, connections);
    await wrk(bareUrl, 5, connections);
    const rows: string[] = [];
    for (let i = 1; i <= rounds; i++) {
      const b = await measure(bareUrl, bare.pid!, duration, connections);
      const o = await measure(url, server.pid!, duration, connections);
      const row = `| ${i} | ${b.rps.toFixed(0)} | ${o.rps.toFixed(0)} | ${(o.rps / b.rps).toFixed(2)} | ${b.cpuUs.toFixed(0)} / ${o.cpuUs.toFixed(0)} | ${o.p99} | ${os.loadavg()[0]!.toFixed(1)} |${b.bad || o.bad ? ` ${b.bad} / ${o.bad} non-2xx or errors` : ''}`;
      rows.push(row);
      console.error(row);
    }
    console.log(
      [
        `GET /api/video?page=1, default start (${os.cpus().length} HTTP workers) vs bare Fastify, wrk -c${connections}, ${duration} s per run`,
        '',
        '| round | bare req/s | ours req/s | ours / bare | CPU µs/req bare / ours | ours p99 | load |',
        '|---:|---:|---:|---:|---:|---:|---:|',
        ...rows,
      ].join('\n'),
    );
  } finally {
    for (const child of children.reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(250);
  }
}

/** wrk for 2 s (warm-up), then `duration` s: req/s, p99 (ms), non-2xx + errors, CPU µs per request. */
async function measure(url: string, pid: number, duration: number, connections: number) {
  await wrk(url, 2, connections);
  const before = await treeCpuMs(pid);
  const r = await wrk(url, duration, connections);
  const cpuUs = (((await treeCpuMs(pid)) - before) * 1000) / Math.max(1, r.requests);
  return { ...r, cpuUs };
}

async function wrk(url: string, seconds: number, connections: number) {
  const child = spawn('wrk', ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d));
  await new Promise((r) => child.once('exit', r));
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const scale = { us: 0.001, ms: 1, s: 1000 } as const;
  return {
    rps: num(/Requests\/sec:\s+([\d.]+)/),
    requests: num(/(\d+) requests in/),
    p99: p99 ? Number((Number(p99[1]) * scale[p99[2] as keyof typeof scale]).toFixed(1)) : NaN,
    bad: (num(/Non-2xx or 3xx responses: (\d+)/) || 0) + (num(/Socket errors: .*timeout (\d+)/) || 0),
  };
}

/** CPU time (user + system, ms) of a process and its descendants (a cluster's workers), from /proc. */
async function treeCpuMs(pid: number): Promise<number> {
  let total = 0;
  try {
    const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    total += (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
    const children = (await fs.readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim();
    for (const child of children ? children.split(' ') : []) total += await treeCpuMs(Number(child));
  } catch {
    // gone meanwhile
  }
  return total;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDefaultStart();
