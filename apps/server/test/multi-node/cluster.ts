import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { freePort } from '../../src/db/embedded.ts';
import { isRunning, waitFor } from '../clips.ts';
import { spawnServerProcess, type ServerProcess } from '../faults/harness.ts';
import { TEMPLATE_DB, withDatabase } from '../global-setup.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
/** The nginx configuration shipped for many boxes; the cluster runs it with its own ports. */
export const NGINX_SITE = path.join(root, 'deploy/nginx-multi/streamhub.conf');

/**
 * Where media live: `'local'` (one DATA_DIR shared by every process: one box, or a disk all
 * mount), or a function that starts an S3-compatible server and answers the environment that
 * points a process at it (`STORAGE_DRIVER=s3`, `S3_*`), e.g. `startTestS3` of test/s3-server.ts.
 * With S3, every process gets a DATA_DIR of its own: nothing may rely on a shared disk.
 */
export type StorageSetup = 'local' | (() => Promise<{ env: Record<string, string>; stop(): Promise<void> }>);

export interface ClusterOptions {
  storage: StorageSetup;
  /** Environment of every process (API and worker) on top of the cluster's own. */
  env?: Record<string, string>;
  apiNodes?: number;
}

export interface Node {
  name: string;
  /** This process's own address, bypassing nginx. */
  base: string;
  dataDir: string;
  /** Its Prometheus listener (METRICS_PORT). */
  metricsUrl: string;
  process: ServerProcess;
}

/**
 * Several StreamHub processes as on several machines, all children of the test:
 * - a database of their own on the test run's PostgreSQL (the embedded one of global-setup.ts,
 *   or the server of DATABASE_URL), which every process reaches through DATABASE_URL;
 * - `ROLE=api` processes behind nginx running deploy/nginx-multi/streamhub.conf;
 * - `ROLE=worker` processes, started and killed by the test.
 * Everything is stopped and removed after the test file. Logs: `<dir>/<name>.log`.
 */
export async function startCluster(opts: ClusterOptions) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-cluster-'));
  const processes: ServerProcess[] = [];
  /** nginx and the storage server, stopped after the processes in reverse order of start. */
  const others: { stop(): Promise<void> }[] = [];
  const adminUrl = inject('adminDatabaseUrl');
  const database = `cluster_${randomUUID().replace(/-/g, '')}`;

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    for (const other of others.reverse()) await other.stop();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  const storage = opts.storage === 'local' ? undefined : await opts.storage();
  if (storage) others.push(storage);

  const sharedDataDir = path.join(dir, 'data');
  // The test run's own settings (a DATABASE_URL for the suite, an encoder priority) are not theirs.
  const { DATABASE_URL: _url, ENCODER_NICE: _nice, RATE_LIMIT_STORE: _store, ...inherited } = process.env;
  const common: NodeJS.ProcessEnv = {
    ...inherited,
    HOST: '127.0.0.1',
    DATABASE_URL: withDatabase(adminUrl, database),
    // Every process must sign and check the same media tokens and cookies.
    MEDIA_TOKEN_SECRET: randomBytes(24).toString('base64url'),
    USER_COOKIE_PASSPHRASE: randomBytes(24).toString('base64url'),
    // nginx reaches the API processes from 127.0.0.1; only its X-Forwarded-For counts.
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    SHUTDOWN_GRACE_SECONDS: '1',
    ...storage?.env,
    ...opts.env,
  };

  let workers = 0;
  async function startProcess(role: 'api' | 'worker', name: string): Promise<Node> {
    const dataDir = opts.storage === 'local' ? sharedDataDir : path.join(dir, `data-${name}`);
    const [port, metricsPort] = [await freePort(), await freePort()];
    const entry = role === 'api' ? 'apps/server/src/server.ts' : 'apps/server/src/worker.ts';
    const env = { ...common, ROLE: role, PORT: String(port), METRICS_PORT: String(metricsPort), DATA_DIR: dataDir };
    const proc = await spawnServerProcess(entry, env, path.join(dir, `${name}.log`));
    processes.push(proc);
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const base = `http://127.0.0.1:${port}`;
    // A worker has no HTTP port of its own: its metrics listener says it is up.
    const probe = role === 'api' ? `${base}/api/health` : metricsUrl;
    await waitFor(
      async () => {
        if (!proc.isRunning()) throw new Error(`${name} exited during start-up; see ${dir}/${name}.log`);
        return (await fetch(probe).catch(() => null))?.status === 200;
      },
      90_000,
      100,
    );
    return { name, base, dataDir, metricsUrl, process: proc };
  }

  // The API processes start one after the other: the first runs the migrations.
  const api: Node[] = [];
  for (let i = 1; i <= (opts.apiNodes ?? 2); i += 1) api.push(await startProcess('api', `api-${i}`));
  const proxy = await startNginx(
    dir,
    api.map((n) => new URL(n.base).host),
  );
  others.push(proxy);

  return {
    dir,
    api,
    /** nginx, in front of every API process. */
    base: proxy.base,
    /** Starts one more ROLE=worker process (`worker-N`). */
    startWorker: () => startProcess('worker', `worker-${(workers += 1)}`),
  };
}

/**
 * nginx (Debian's, or `nginx` on PATH) in the foreground with the shipped site configuration,
 * its `listen` and upstream servers replaced by a free local port and `servers`.
 */
async function startNginx(dir: string, servers: string[]) {
  const home = path.join(dir, 'nginx');
  await fs.mkdir(home);
  const port = await freePort();
  const site = await fs.readFile(NGINX_SITE, 'utf8');
  const upstream = servers.map((s) => `    server ${s} max_fails=3 fail_timeout=10s;`);
  const lines = site.replace(/^(\s*)listen\s+80;/m, `$1listen 127.0.0.1:${port};`).split('\n');
  const start = lines.findIndex((l) => /^upstream streamhub_api \{/.test(l));
  const end = lines.findIndex((l, i) => i > start && /^\}/.test(l));
  const first = lines.findIndex((l, i) => i > start && i < end && /^\s*server\s/.test(l));
  if (start < 0 || first < 0 || !lines.includes(`    listen 127.0.0.1:${port};`))
    throw new Error(`${NGINX_SITE} no longer has the listen/upstream lines the test replaces`);
  const local = [
    ...lines.slice(0, first),
    ...upstream,
    ...lines.slice(first, end).filter((l) => !/^\s*server\s/.test(l)),
    ...lines.slice(end),
  ].join('\n');
  await fs.writeFile(path.join(home, 'streamhub.conf'), local);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${home}/${t}_temp;`);
  await fs.writeFile(
    path.join(home, 'nginx.conf'),
    [
      // As root nginx would run its workers as `nobody`, who cannot enter the test's temp folder.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${home}/nginx.pid;`,
      `error_log ${home}/error.log warn;`,
      'events { worker_connections 512; }',
      'http {',
      `  access_log ${home}/access.log;`,
      ...temp,
      `  include ${home}/streamhub.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const log = createWriteStream(path.join(home, 'stderr.log'));
  // Debian installs it in /usr/sbin, which is not on the PATH of users other than root.
  const nginx = await fs
    .access('/usr/sbin/nginx')
    .then(() => '/usr/sbin/nginx')
    .catch(() => 'nginx');
  const child = spawn(
    nginx,
    ['-e', path.join(home, 'error.log'), '-p', home, '-c', path.join(home, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (!running) throw new Error(`nginx exited; see ${home}/error.log and stderr.log`);
      return (await fetch(`${base}/api/health`).catch(() => null))?.status === 200;
    },
    30_000,
    50,
  );
  return {
    base,
    async stop() {
      if (running) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A counter's value in a Prometheus text exposition, summed over the series that have `labels`. */
export async function counter(metricsUrl: string, name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^(\w+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([k, v]) => match[2]!.includes(`${k}="${v}"`));
    if (has) sum += Number(match[3]);
  }
  return sum;
}

/** The ffmpeg processes `pid` started (ffmpeg is exec'd through `nice`, so it is a direct child). */
export async function encodersOf(pid: number): Promise<number[]> {
  const found: number[] = [];
  for (const task of await fs.readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    const children = await fs.readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
    for (const child of children.trim().split(/\s+/).filter(Boolean).map(Number)) {
      const comm = await fs.readFile(`/proc/${child}/comm`, 'utf8').catch(() => '');
      // The storyboard's ffmpeg (tiling a finished rung's frames) runs after the encode: not one.
      const cmdline = await fs.readFile(`/proc/${child}/cmdline`, 'utf8').catch(() => '');
      if (comm.trim() === 'ffmpeg' && cmdline && !cmdline.includes('tile=') && (await isRunning(child))) found.push(child);
    }
  }
  return found;
}
