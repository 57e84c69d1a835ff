import { Kysely, Migrator, PostgresDialect } from 'kysely';
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

export async function migrateToLatest(db: Kysely<any>): Promise<void> {
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
