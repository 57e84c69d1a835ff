import { sql, type Kysely } from 'kysely';

/**
 * A user's second factor (docs/accounts.md): the TOTP secret (never answered after setup), whether
 * it is on, the last time step a code was accepted in (a code is not accepted twice), and the
 * SHA-256 hashes of the unused recovery codes (each removed when used).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_two_factor (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      secret text NOT NULL,
      enabled boolean NOT NULL DEFAULT false,
      last_step bigint,
      recovery_hashes text[] NOT NULL DEFAULT '{}'
    )
  `.execute(db);
}
