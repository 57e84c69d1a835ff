import { sql, type Kysely } from 'kysely';

/**
 * "A video's files went" is the event `video.media.gone` now (events/registry.ts), published where
 * the files go (a delete, a takedown or restore, a folder move) in the transaction of that change;
 * every process forgets what it keeps of the video (features/media/forget-gone-media.ts). The
 * triggers of 0012 and 0014 that sent `video_media_gone` notifications, and their function, go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER video_media_gone_delete ON videos;
    DROP TRIGGER video_media_gone_move ON videos;
    DROP TRIGGER video_media_gone_removed ON videos;
    DROP FUNCTION video_media_gone();
  `.execute(db);
}
