import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';

export type Db = Kysely<Database>;

// Counters are bigint in SQL but stay far below 2^53; dates of type `date` stay 'YYYY-MM-DD' strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export function createDb(connectionString: string, max = 10): Db {
  // An unreachable server (dropped packets) fails a request after 10 s (503) instead of the OS's minutes.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000 });
  // A client losing its server must not crash the process: the pool reports idle ones, and a
  // client Kysely holds (between the statements of a transaction) emits 'error' with nobody
  // listening; its queries fail by themselves (503).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Kysely's record of the migrations applied to a database: its schema version is the last one. */
const MIGRATION_TABLE = 'kysely_migration';

/**
 * The database was migrated by newer code than this process: starting would run old code against
 * a schema it does not know. Final (never retried); the message says what to do (docs/upgrade.md).
 */
export class NewerSchemaError extends Error {
  constructor(readonly unknown: string[]) {
    super(
      `This database was migrated by a newer version of StreamHub (its migration ${unknown.at(-1)} is unknown to this one). ` +
        'Start the newer version again, or restore the backup taken before the upgrade (docs/upgrade.md).',
    );
    this.name = 'NewerSchemaError';
  }
}

/** The migrations applied to `db`, in order (none on an empty database). */
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM ${sql.table(MIGRATION_TABLE)} ORDER BY name
  `
    .execute(db)
    .catch((err: { code?: string }) => {
      // 42P01: undefined_table (a database nothing ever migrated).
      if (err.code === '42P01') return { rows: [] };
      throw err;
    });
  return rows.map((r) => r.name);
}

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const unknown = (await appliedMigrations(db)).filter((name) => !(name in migrations));
  if (unknown.length > 0) throw new NewerSchemaError(unknown);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // The cause keeps the SQLSTATE, so a start-up retries a migration that lost a race or its connection.
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`, { cause: error });
  }
}
