import { sql, type Kysely } from 'kysely';

/**
 * Views count once per viewer and video per rolling hour (a view at 10:59 and one at 11:01 are
 * one view, not two). One row per viewer and video holds when its last view counted, instead of
 * one row per clock hour, so the table no longer grows with time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE video_view_marks (
      video_id uuid NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
      viewer_key text NOT NULL,
      counted_at timestamptz NOT NULL,
      PRIMARY KEY (video_id, viewer_key)
    );
    INSERT INTO video_view_marks (video_id, viewer_key, counted_at)
      SELECT video_id, viewer_key, max(hour) FROM video_views GROUP BY video_id, viewer_key;
    DROP TABLE video_views;
    ALTER TABLE video_view_marks RENAME TO video_views;
    ALTER TABLE video_views RENAME CONSTRAINT video_view_marks_pkey TO video_views_pkey;
  `.execute(db);
}
