import { sql, type Kysely } from 'kysely';

/**
 * A user's language (API.md §21), chosen from the language menu: their mail is written in it.
 * Null: they chose none, and the instance's DEFAULT_LOCALE applies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN locale text`.execute(db);
}
