import { sql, type Kysely } from 'kysely';

/**
 * Passkeys (WebAuthn, API.md §19, docs/accounts.md): a user's registered credentials, and the
 * challenges handed out by the options calls, each usable once until it expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE passkeys (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      credential_id text NOT NULL UNIQUE,
      public_key bytea NOT NULL,
      counter bigint NOT NULL DEFAULT 0,
      transports text[] NOT NULL DEFAULT '{}',
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    );
    CREATE INDEX passkeys_user ON passkeys (user_id, created_at);
    CREATE TABLE webauthn_challenges (
      challenge text PRIMARY KEY,
      purpose text NOT NULL CHECK (purpose IN ('register', 'login')),
      user_id uuid REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      CHECK ((purpose = 'register') = (user_id IS NOT NULL))
    );
    CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);
  `.execute(db);
}
