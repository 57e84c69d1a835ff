import { sql, type Kysely } from 'kysely';

/**
 * Exports of an account's data (API.md §19, docs/accounts.md): one row per request, its zip in
 * storage under `exports/` (never public) once ready, kept 7 days. And the `export.ready`
 * notification that tells its owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE account_exports (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'ready', 'failed')),
      storage_key text,
      size_bytes bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      ready_at timestamptz,
      expires_at timestamptz,
      CHECK ((state = 'ready') = (storage_key IS NOT NULL AND expires_at IS NOT NULL))
    );
    CREATE INDEX account_exports_user ON account_exports (user_id, created_at DESC);
    ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN ('video.published', 'comment.created',
      'comment.reply', 'purchase.sold', 'video.ready', 'video.failed', 'moderation.takedown', 'moderation.restored',
      'report.resolved', 'report.created', 'live.started', 'export.ready'));
  `.execute(db);
}
