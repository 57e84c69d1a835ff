import { sql, type Kysely } from 'kysely';

/**
 * Thumbnail candidates (API.md §22, docs/chapters-and-scheduling.md "Thumbnails"): how many frames
 * the transcode left in the video's `candidates/` folder for its owner to choose from, and whether
 * the thumbnail is still a live's dark placeholder (its replay then gets the first candidate).
 * Lives waiting or streaming now still show their placeholder.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE videos
      ADD COLUMN thumbnail_candidates smallint NOT NULL DEFAULT 0 CHECK (thumbnail_candidates BETWEEN 0 AND 3),
      ADD COLUMN thumbnail_placeholder boolean NOT NULL DEFAULT false;
    UPDATE videos SET thumbnail_placeholder = true WHERE live_state IN ('waiting', 'live');
  `.execute(db);
}
