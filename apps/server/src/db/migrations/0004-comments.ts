import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE comments (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      video_id uuid REFERENCES videos(id) ON DELETE CASCADE,
      content text NOT NULL,
      likes integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX comments_video ON comments (video_id, created_at, id);

    CREATE TABLE comment_likes (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      comment_id uuid NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, comment_id)
    );
  `.execute(db);
}
