import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    CREATE TABLE users (
      id uuid PRIMARY KEY,
      username text NOT NULL,
      email text NOT NULL,
      fullname text NOT NULL,
      avatar text NOT NULL,
      password_hash text NOT NULL,
      extra_uploads integer NOT NULL DEFAULT 0 CHECK (extra_uploads >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
    CREATE UNIQUE INDEX users_email_lower ON users (lower(email));
    CREATE INDEX users_fullname_lower ON users (lower(fullname));

    CREATE TABLE sessions (
      id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_user ON sessions (user_id);

    CREATE TABLE subscriptions (
      id uuid PRIMARY KEY,
      subscriber_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      channel_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (subscriber_id, channel_id),
      CHECK (subscriber_id <> channel_id)
    );
    CREATE INDEX subscriptions_channel ON subscriptions (channel_id);
  `.execute(db);
}
