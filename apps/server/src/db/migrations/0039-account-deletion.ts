import { sql, type Kysely } from 'kysely';

/**
 * Deleted accounts (API.md §19, docs/accounts.md): the row stays as a tombstone, because purchases
 * and the ledger (append-only) point at it and the username stays reserved; it names nobody
 * (no address, name, avatar or password) and can never sign in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN deleted_at timestamptz`.execute(db);
}
