/**
 * Load benchmark of GET /api/video at two catalogue sizes (default 10,000 and 1,000,000 videos),
 * next to a bare Fastify serving the same JSON body as page 1 (the ratio is printed per size).
 *
 *   npx tsx bench/video-list.ts [--sizes 10000,1000000] [--duration 10] [--connections 64] [--reseed]
 *                               [--shared-buffers 2GB]
 *
 * PostgreSQL: DATABASE_URL when set (databases bench_video_list_<n> are created on it), else an
 * embedded server under bench/.out/pg that is kept between runs, with shared_buffers raised to
 * --shared-buffers (the embedded default, 128MB, is a laptop setting; a server holding a
 * million videos gives PostgreSQL a real share of its memory). A database already holding n
 * videos is reused unless --reseed. The app is the real one (buildApp with the deps wiring of
 * test/support.ts), served by a child process on a loopback port so that autocannon, in this
 * process, does not share its event loop. For each scenario: 2 s warm-up, then `--duration`
 * seconds at `--connections` connections, with the server process's CPU per answered request
 * (/proc; on a shared machine the throughput ratio follows the neighbours, the CPU cost much less).
 * Results also go to bench/.out/video-list.json.
 *
 * `--start` measures the default start instead (video-list-start.ts): `npm start`'s server
 * (cluster, embedded PostgreSQL, micro-cache, every plugin) beside a bare Fastify sending the same
 * page-1 body, both under wrk in interleaved rounds, with the ratio per round.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createDb, migrateToLatest } from '../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { createServices, type AppDeps } from '../apps/server/src/deps.ts';
import { createJobQueue } from '../apps/server/src/jobs/queue.ts';
import { createEvents } from '../apps/server/src/events/events.ts';
import { createLocalStorage } from '../apps/server/src/storage/local-storage.ts';
import { seedVideos } from './seed-videos.ts';
import { benchDefaultStart } from './video-list-start.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'bench/.out');
/** A word of the seeded vocabulary's head: in roughly 1.5% of titles or descriptions. */
export const SEARCH_WORD = 'guitar';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

if (process.argv[2] === '--serve') await serve(process.argv[3]!);
else if (process.argv[2] === '--start') await benchDefaultStart();
else await main();

/** Child process: the real app on a free loopback port; prints the port, stops on SIGTERM. */
async function serve(databaseUrl: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
  });
  const db = createDb(databaseUrl);
  const queue = await createJobQueue(databaseUrl, config);
  const silentLog = { info() {}, warn() {}, error() {} };
  const infra = {
    config,
    db,
    queue,
    storage: createLocalStorage(config.mediaDir),
    log: silentLog,
    mediaSecret: 'bench-media-secret-0123456789',
    // As in a deployed process: the list's micro-cache serves only while it hears every event.
    events: createEvents(databaseUrl, { log: silentLog }),
  };
  const deps: AppDeps = { ...infra, services: createServices(infra) };
  const app = await buildApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  while (!infra.events.listening()) await new Promise((resolve) => setTimeout(resolve, 10));
  const address = app.server.address();
  // The yardstick: a bare Fastify in the same process sending the same JSON body as page 1.
  const body = (await app.inject({ method: 'GET', url: '/api/video?page=1' })).body;
  const bare = Fastify({ logger: false });
  bare.get('/api/video', (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddress = bare.server.address();
  process.stdout.write(`PID ${process.pid}\n`);
  process.stdout.write(`BARE ${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}\n`);
  process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);
  process.on('SIGTERM', async () => {
    await bare.close();
    await app.close();
    await queue.stop();
    await infra.events.close();
    await db.destroy();
    await fs.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

interface Result {
  size: number;
  scenario: string;
  url: string;
  total: number;
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
  /** Server CPU (user + system) per answered request, µs: what neighbours on a shared machine blur least. */
  cpuUs: number;
  /** 1-minute load average of the machine after the run: other work skews the figures. */
  load: number;
}

async function main() {
  const sizes = arg('sizes', '10000,1000000').split(',').map(Number);
  const duration = Number(arg('duration', '10'));
  const connections = Number(arg('connections', '64'));
  const reseed = process.argv.includes('--reseed');
  await fs.mkdir(outDir, { recursive: true });

  let adminUrl = process.env.DATABASE_URL;
  const embedded = adminUrl ? undefined : await startTunedEmbedded(arg('shared-buffers', '2GB'));
  adminUrl ??= embedded!.superuserUrl('postgres');
  const settings = await serverSettings(adminUrl);
  console.error(`PostgreSQL ${settings}`);

  const results: Result[] = [];
  try {
    for (const size of sizes) {
      const url = await prepareDatabase(adminUrl, size, reseed);
      const server = await startServer(url);
      try {
        const base = `http://127.0.0.1:${server.port}`;
        const scenarios = [
          { scenario: 'first page', path: '/api/video?page=1' },
          { scenario: 'deep page', path: `/api/video?page=${Math.min(5000, Math.round(size / 20))}` },
          { scenario: `search "${SEARCH_WORD}"`, path: `/api/video?page=1&query=${SEARCH_WORD}` },
          { scenario: 'sort by likes', path: '/api/video?page=1&sortBy=likes&sortType=desc' },
        ];
        // The same JSON body as page 1 from a bare Fastify (no database, no hooks): the ceiling.
        const bareUrl = `http://127.0.0.1:${server.barePort}/api/video?page=1`;
        await run(bareUrl, 2, connections);
        const bare = await run(bareUrl, duration, connections, server.pid);
        const bareTotal = ((await (await fetch(bareUrl)).json()) as { data: { total: number } }).data.total;
        results.push({
          size,
          scenario: 'bare Fastify, same JSON',
          url: '/api/video?page=1',
          total: bareTotal,
          ...bare,
          load: os.loadavg()[0]!,
        });
        console.error(
          `${size.toLocaleString().padStart(9)} bare Fastify     p50 ${bare.p50} ms  p99 ${bare.p99} ms  ${bare.rps.toFixed(0)} req/s  ${bare.cpuUs.toFixed(0)} µs CPU/req`,
        );
        for (const s of scenarios) {
          const probe = await fetch(base + s.path);
          if (probe.status !== 200) throw new Error(`${s.path}: ${probe.status} ${await probe.text()}`);
          const total = ((await probe.json()) as { data: { total: number } }).data.total;
          await run(base + s.path, 2, connections); // warm-up
          await drain(url);
          const r = await run(base + s.path, duration, connections, server.pid);
          await drain(url); // requests autocannon gave up on may still run in PostgreSQL
          const result = { size, scenario: s.scenario, url: s.path, total, ...r, load: os.loadavg()[0]! };
          results.push(result);
          console.error(
            `${size.toLocaleString().padStart(9)} ${s.scenario.padEnd(16)} p50 ${r.p50} ms  p99 ${r.p99} ms  ${r.rps.toFixed(0)} req/s  ${r.cpuUs.toFixed(0)} µs CPU/req  (total ${total.toLocaleString()}, load ${result.load.toFixed(1)}${r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ''})`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await embedded?.stop();
  }
  await fs.writeFile(
    path.join(outDir, 'video-list.json'),
    JSON.stringify({ connections, duration, cpus: os.cpus().length, settings, results }, null, 2),
  );
  printTable(results, sizes, connections, duration, settings);
}

async function startTunedEmbedded(sharedBuffers: string) {
  const dir = path.join(outDir, 'pg');
  const first = await startEmbeddedPostgres(dir, (m) => console.error(m));
  const admin = new pg.Client({ connectionString: first.superuserUrl('postgres') });
  await admin.connect();
  const current = (await admin.query('SHOW shared_buffers')).rows[0].shared_buffers;
  if (current === sharedBuffers) {
    await admin.end();
    return first;
  }
  await admin.query(`ALTER SYSTEM SET shared_buffers = '${sharedBuffers.replace(/[^0-9A-Za-z]/g, '')}'`);
  await admin.end();
  await first.stop();
  return startEmbeddedPostgres(dir, (m) => console.error(m));
}

async function serverSettings(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    `SELECT current_setting('server_version') AS v, current_setting('shared_buffers') AS sb, current_setting('work_mem') AS wm`,
  );
  await client.end();
  return `${rows[0].v}, shared_buffers ${rows[0].sb}, work_mem ${rows[0].wm}`;
}

/** A database with `size` seeded videos, created and seeded unless it already exists. */
async function prepareDatabase(adminUrl: string, size: number, reseed: boolean): Promise<string> {
  const name = `bench_video_list_${size}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  let seeded = false;
  if (exists && !reseed) {
    const db = createDb(url, 1);
    try {
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM videos`.execute(db);
      seeded = Number(rows[0]?.n) === size;
    } catch {
      seeded = false;
    } finally {
      await db.destroy();
    }
  }
  if (!seeded) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  const db = createDb(url, 1);
  await migrateToLatest(db);
  if (!seeded) {
    const started = Date.now();
    await seedVideos(db, { videos: size });
    console.error(`seeded ${size.toLocaleString()} videos in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  await db.destroy();
  return url;
}

/** Waits until no query runs on the database, so one scenario's leftovers do not slow the next. */
async function drain(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const name = new URL(databaseUrl).pathname.slice(1);
  for (let i = 0; i < 600; i++) {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()`,
      [name],
    );
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await client.end();
}

async function startServer(databaseUrl: string) {
  const child: ChildProcess = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'bench/video-list.ts'), '--serve', databaseUrl],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let barePort = 0;
  let pid = 0;
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const bare = /^BARE (\d+)$/.exec(line);
      if (bare) barePort = Number(bare[1]);
      const own = /^PID (\d+)$/.exec(line);
      if (own) pid = Number(own[1]);
      const m = /^LISTENING (\d+)$/.exec(line);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    port,
    barePort,
    pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function run(url: string, seconds: number, connections: number, serverPid?: number) {
  const before = serverPid ? await cpuMs(serverPid) : NaN;
  const r = await autocannon({ url, connections, duration: seconds });
  const cpuUs = serverPid ? (((await cpuMs(serverPid)) - before) * 1000) / r.requests.total : NaN;
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, non2xx: r.non2xx, errors: r.errors, cpuUs };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (NaN elsewhere). */
async function cpuMs(pid: number): Promise<number> {
  try {
    const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100); // clock ticks of 10 ms
  } catch {
    return NaN;
  }
}

function printTable(results: Result[], sizes: number[], connections: number, duration: number, settings: string) {
  const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
  const lines = [
    `GET /api/video — ${connections} connections, ${duration} s per scenario, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
    `PostgreSQL ${settings}`,
    '',
    '| scenario | size | matches | p50 ms | p99 ms | req/s | CPU µs/req | load |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.scenario} | ${r.size.toLocaleString()} | ${r.total.toLocaleString()} | ${r.p50} | ${r.p99} | ${r.rps.toFixed(0)} | ${r.cpuUs.toFixed(0)} | ${r.load.toFixed(1)} |`,
    ),
  ];
  lines.push(
    '',
    '| size | first page / bare Fastify (req/s) | bare / first page (CPU per request) | first page p99 ms | search p99 ms |',
    '|---:|---:|---:|---:|---:|',
  );
  for (const size of sizes) {
    const of = (scenario: string) => results.find((x) => x.size === size && x.scenario.startsWith(scenario));
    const [first, bare, search] = [of('first page'), of('bare Fastify'), of('search')];
    if (first && bare)
      lines.push(
        `| ${size.toLocaleString()} | ${(first.rps / bare.rps).toFixed(2)} | ${(bare.cpuUs / first.cpuUs).toFixed(2)} | ${first.p99} | ${search?.p99 ?? '?'} |`,
      );
  }
  if (small !== large) {
    lines.push(
      '',
      `| scenario | p99 ${large.toLocaleString()} / ${small.toLocaleString()} | req/s ${small.toLocaleString()} / ${large.toLocaleString()} |`,
      '|---|---:|---:|',
    );
    for (const r of results.filter((x) => x.size === large)) {
      const base = results.find((x) => x.size === small && x.scenario === r.scenario);
      if (base) lines.push(`| ${r.scenario} | ${(r.p99 / base.p99).toFixed(2)} | ${(base.rps / r.rps).toFixed(2)} |`);
    }
  }
  console.log(lines.join('\n'));
}
