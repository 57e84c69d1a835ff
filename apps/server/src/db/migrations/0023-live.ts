import { sql, type Kysely } from 'kysely';

/**
 * Live streams (API.md §17, docs/live.md). A live is a row of `videos` with `is_live`; its
 * `status` keeps 0002's CHECK (`processing` while waiting, `ready` while live so that it is
 * listed and watched by the one access rule, `processing` again while its replay encodes).
 *
 * - `live_state`: waiting → live → ended (null for an uploaded video).
 * - `live_started_at` / `live_ended_at`: the first publish and the end.
 * - `live_seen_at`: the ingest's heartbeat while a stream arrives; a `live` row whose heartbeat
 *   is older than the grace period has no ingest left (a killed server) and is ended.
 * - `stream_key_hash`: sha256 of the stream key (never the key), compared in constant time.
 * - `live_viewers`: who asked for the live's state lately (viewers now, counted over 30 s).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE videos
      ADD COLUMN is_live boolean NOT NULL DEFAULT false,
      ADD COLUMN live_state text CHECK (live_state IN ('waiting', 'live', 'ended')),
      ADD COLUMN live_started_at timestamptz,
      ADD COLUMN live_ended_at timestamptz,
      ADD COLUMN live_seen_at timestamptz,
      ADD COLUMN stream_key_hash bytea,
      ADD CONSTRAINT videos_live_state CHECK (is_live = (live_state IS NOT NULL)),
      ADD CONSTRAINT videos_live_key CHECK (NOT is_live OR stream_key_hash IS NOT NULL);
    CREATE INDEX videos_live_now ON videos (live_state) WHERE live_state IN ('waiting', 'live');
    CREATE TABLE live_viewers (
      video_id uuid NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
      viewer_key text NOT NULL,
      seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (video_id, viewer_key)
    );
  `.execute(db);
}
