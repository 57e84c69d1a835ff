import { sql, type Kysely } from 'kysely';

/**
 * Rate-limit counters shared by every API process (`plugins/rate-limit-store.ts`): one row per
 * limited key (route, address, identifier) and window. UNLOGGED: the counters are worth no WAL
 * and no replica; a crash of PostgreSQL only resets them. Expired rows are swept by the store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNLOGGED TABLE rate_limits (
      key text PRIMARY KEY,
      window_start timestamptz NOT NULL,
      window_end timestamptz NOT NULL,
      count integer NOT NULL
    );
    CREATE INDEX rate_limits_window_end ON rate_limits (window_end);
  `.execute(db);
}
