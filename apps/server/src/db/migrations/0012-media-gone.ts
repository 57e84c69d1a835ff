import { sql, type Kysely } from 'kysely';

/**
 * A notification on channel `video_media_gone`, with the video's id, whenever a video's files stop
 * being where they were: the video is deleted, or its folder (`media_key`) changes. Every HTTP
 * process listens and forgets what it keeps of that video (features/media/media-gone.ts), so
 * the media fast path can trust the files it keeps in memory instead of asking the disk on every
 * request. Sent on commit only, never for a rolled-back change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION video_media_gone() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM pg_notify('video_media_gone', OLD.id::text);
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER video_media_gone_delete AFTER DELETE ON videos
      FOR EACH ROW EXECUTE FUNCTION video_media_gone();
    CREATE TRIGGER video_media_gone_move AFTER UPDATE OF media_key ON videos
      FOR EACH ROW WHEN (OLD.media_key IS DISTINCT FROM NEW.media_key) EXECUTE FUNCTION video_media_gone();
  `.execute(db);
}
