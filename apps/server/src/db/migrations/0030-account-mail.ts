import { sql, type Kysely } from 'kysely';

/**
 * Mail of accounts (API.md §19, docs/accounts.md): verification, password reset, change of
 * e-mail and notification digests.
 *
 * - `users.email_verified_at`: when the account's current address was proven (a link mailed to
 *   it was opened). `users.must_verify_email`: registered while verification was `required`; such
 *   an account cannot sign in while verification is required and the address is unproven.
 * - `account_tokens`: links mailed for one purpose. Only the sha256 of the token is stored; a
 *   token is used up by one guarded UPDATE (`used_at`), so two clicks at once use it once.
 *   `email` is the address the link went to: a verification counts only while it is still the
 *   account's address; a change of e-mail makes it the account's address.
 * - `notification_mail_settings`: the types a user gets by mail (off unless turned on), and
 *   `notification_mail_digests`: per user, the last notification already mailed and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN email_verified_at timestamptz,
      ADD COLUMN must_verify_email boolean NOT NULL DEFAULT false;
    ALTER TABLE instance_settings ADD COLUMN email_verification text NOT NULL DEFAULT 'off'
      CHECK (email_verification IN ('off', 'required'));

    CREATE TABLE account_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('verify-email', 'password-reset', 'change-email')),
      email text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX account_tokens_user ON account_tokens (user_id);
    CREATE INDEX account_tokens_expires ON account_tokens (expires_at);

    CREATE TABLE notification_mail_settings (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type text NOT NULL,
      enabled boolean NOT NULL,
      PRIMARY KEY (user_id, type)
    );

    CREATE TABLE notification_mail_digests (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      mailed_up_to bigint NOT NULL DEFAULT 0,
      last_sent_at timestamptz
    );
  `.execute(db);
}
