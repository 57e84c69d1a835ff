import { sql, type Kysely } from 'kysely';

/**
 * Scheduled publishing (API.md §16, docs/chapters-and-scheduling.md).
 *
 * - `publish_at`: when a scheduled video goes public; NULL once it has (or when it never was
 *   scheduled). The `video.publish` job (jobs/registry.ts) clears it at its time in one guarded
 *   UPDATE (`WHERE publish_at IS NOT NULL AND publish_at <= now()`), so a repeated or duplicated
 *   job changes nothing.
 * - `status = 'scheduled'`: transcoded (playable) and waiting for `publish_at`. A status of its
 *   own rather than `ready` with a flag, so `listed()` (status = 'ready'), the partial indexes
 *   `WHERE status = 'ready'` and the catalogue counters of 0003 (`video_totals`,
 *   `video_ready_days`) leave it out with no change, and count it the moment it turns `ready`.
 *   A removed video keeps it in `status_before_removal` for its restore.
 * - `videos_scheduled`: the videos waiting for their time, by time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE videos DROP CONSTRAINT videos_status_check;
    ALTER TABLE videos DROP CONSTRAINT videos_status_before_removal_check;
    ALTER TABLE videos
      ADD CONSTRAINT videos_status_check CHECK (status IN ('processing', 'ready', 'failed', 'removed', 'scheduled')),
      ADD CONSTRAINT videos_status_before_removal_check
        CHECK (status_before_removal IN ('processing', 'ready', 'failed', 'scheduled')),
      ADD COLUMN publish_at timestamptz,
      -- Only a video with a time waits for it.
      ADD CONSTRAINT videos_scheduled_has_time CHECK (
        coalesce(status_before_removal, status) <> 'scheduled' OR publish_at IS NOT NULL);
    CREATE INDEX videos_scheduled ON videos (publish_at) WHERE publish_at IS NOT NULL;
  `.execute(db);
}
