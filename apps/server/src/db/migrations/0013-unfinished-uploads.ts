import { sql, type Kysely } from 'kysely';

/**
 * Resumable (tus) uploads not yet made into a video, one row each: whose it is and the length it
 * declared (features/uploads). Written in the owner's lock before a byte is stored, so the caps on
 * unfinished uploads (a free upload slot each, UPLOADS_UNFINISHED_MAX, UPLOADS_UNFINISHED_MAX_BYTES)
 * hold under concurrent creations, and the upload quota counts them (features/access).
 * `claimed_at`: POST /api/video/new is making a video of it (the video's slot replaces its own).
 * Removed when the upload is made into a video, deleted by its owner, or expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE unfinished_uploads (
      id uuid PRIMARY KEY,
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      declared_bytes bigint NOT NULL CHECK (declared_bytes >= 0),
      claimed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX unfinished_uploads_owner ON unfinished_uploads (owner_id);
    CREATE INDEX unfinished_uploads_created ON unfinished_uploads (created_at);
  `.execute(db);
}
