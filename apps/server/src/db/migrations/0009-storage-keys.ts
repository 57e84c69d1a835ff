import { sql, type Kysely } from 'kysely';

/**
 * Rows hold storage keys, never URLs: avatars and thumbnails were stored as the app's URLs
 * (`/media/avatars/<id>.webp`); they become keys (`avatars/<id>.webp`), and URLs are built per
 * response from the storage driver and MEDIA_PUBLIC_BASE_URL.
 *
 * `videos.media_key` is the folder of a video's renditions. Exclusive videos uploaded from now on
 * go to `exclusive/<id>` (never under a public prefix); the folders already written keep
 * `videos/<id>` here, and a worker moves the exclusive ones out when it starts
 * (features/videos/legacy-folders.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE users SET avatar = substr(avatar, length('/media/') + 1) WHERE avatar LIKE '/media/%';
    UPDATE videos SET thumbnail = substr(thumbnail, length('/media/') + 1) WHERE thumbnail LIKE '/media/%';
    ALTER TABLE videos ADD COLUMN media_key text;
    UPDATE videos SET media_key = 'videos/' || id;
    ALTER TABLE videos ALTER COLUMN media_key SET NOT NULL;
  `.execute(db);
}
