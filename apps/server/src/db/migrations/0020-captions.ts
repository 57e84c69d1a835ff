import { sql, type Kysely } from 'kysely';

/**
 * Captions (API.md §16, docs/captions.md): one WebVTT per video and language, uploaded by its
 * owner or made by the transcription job (`auto`). The row keeps the sanitised WebVTT itself, so
 * the files in the video's folder (which a transcode attempt empties) can always be written again,
 * and the cue text for search.
 *
 * Search: `videos.caption_search` holds the captions' words (stripped of positions, so it stays
 * small) and the generated `videos.search` takes them in after the title and description, so the
 * list's one GIN index finds a video by what is said in it. Re-adding the generated column
 * rewrites the table once.
 *
 * `videos.captions_master`: the name of the master playlist with the SUBTITLES group in the
 * video's folder (`master-c<rev>.m3u8`), once it is written; null: only `master.m3u8`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE video_captions (
      video_id uuid NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
      language text NOT NULL CHECK (language ~ '^[A-Za-z0-9-]{1,35}$'),
      label text NOT NULL,
      auto boolean NOT NULL DEFAULT false,
      rev text NOT NULL CHECK (rev ~ '^[a-z0-9]{1,16}$'),
      vtt text NOT NULL,
      text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (video_id, language)
    );
    ALTER TABLE videos
      ADD COLUMN captions_master text,
      ADD COLUMN caption_search tsvector NOT NULL DEFAULT ''::tsvector;
    ALTER TABLE videos
      DROP COLUMN search,
      ADD COLUMN search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', description), 'B') ||
        caption_search
      ) STORED;
    CREATE INDEX videos_search ON videos USING gin (search);
  `.execute(db);
}
