import type { Db } from '../../db/database.ts';
import { repository } from '../../db/unit-of-work.ts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Caption text one video contributes to search (all its tracks together); the rest is not indexed. */
export const SEARCH_TEXT_CHARS = 200_000;

export interface CaptionRow {
  language: string;
  label: string;
  auto: boolean;
  rev: string;
  vtt: string;
}

/** What publishing a video's caption files needs to know of the video. */
export interface CaptionedVideo {
  id: string;
  owner_id: string;
  media_key: string;
  duration: number;
  has_mp4: boolean;
  captions_master: string | null;
}

export function createCaptionsRepo(db: Db) {
  return repository(db, captionQueries);
}
export type CaptionsRepo = ReturnType<typeof createCaptionsRepo>;
export type CaptionQueries = ReturnType<typeof captionQueries>;

function captionQueries(db: Kysely<Database>) {
  return {
    /**
     * The video's row, locked: caption changes of one video and the publishing of its files take
     * turns, so the master playlist always names the tracks of the latest change.
     */
    async lockVideo(videoId: string): Promise<CaptionedVideo | undefined> {
      return db
        .selectFrom('videos')
        .select(['id', 'owner_id', 'media_key', 'duration', 'has_mp4', 'captions_master'])
        .where('id', '=', videoId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The video's tracks with their WebVTT, by language. */
    async tracks(videoId: string): Promise<CaptionRow[]> {
      return db
        .selectFrom('video_captions')
        .select(['language', 'label', 'auto', 'rev', 'vtt'])
        .where('video_id', '=', videoId)
        .orderBy('language')
        .execute();
    },

    /** What the watch call lists: no WebVTT, no text. */
    async listed(videoId: string): Promise<{ language: string; label: string; auto: boolean; rev: string }[]> {
      return db
        .selectFrom('video_captions')
        .select(['language', 'label', 'auto', 'rev'])
        .where('video_id', '=', videoId)
        .orderBy('language')
        .execute();
    },

    async find(videoId: string, language: string) {
      return db
        .selectFrom('video_captions')
        .select(['language', 'label', 'auto', 'rev'])
        .where('video_id', '=', videoId)
        .where('language', '=', language)
        .executeTakeFirst();
    },

    /** Adds or replaces the video's track for `language`. */
    async upsert(row: {
      videoId: string;
      language: string;
      label: string;
      auto: boolean;
      rev: string;
      vtt: string;
      text: string;
    }) {
      await db
        .insertInto('video_captions')
        .values({
          video_id: row.videoId,
          language: row.language,
          label: row.label,
          auto: row.auto,
          rev: row.rev,
          vtt: row.vtt,
          text: row.text,
        })
        .onConflict((oc) =>
          oc.columns(['video_id', 'language']).doUpdateSet({
            label: row.label,
            auto: row.auto,
            rev: row.rev,
            vtt: row.vtt,
            text: row.text,
            updated_at: sql`now()`,
          }),
        )
        .execute();
    },

    /** Removes the track; false when there was none. */
    async remove(videoId: string, language: string): Promise<boolean> {
      const r = await db
        .deleteFrom('video_captions')
        .where('video_id', '=', videoId)
        .where('language', '=', language)
        .executeTakeFirst();
      return r.numDeletedRows > 0n;
    },

    /**
     * The video's caption words for search (migration 0020): all its tracks' text, the first
     * SEARCH_TEXT_CHARS of it, without positions. Keeps `updated_at`: the video did not change.
     */
    async refreshSearch(videoId: string) {
      await sql`
        UPDATE videos SET caption_search = coalesce((
          SELECT strip(to_tsvector('english', left(string_agg(text, ' ' ORDER BY language), ${SEARCH_TEXT_CHARS})))
          FROM video_captions WHERE video_id = ${videoId}
        ), ''::tsvector)
        WHERE id = ${videoId}`.execute(db);
    },

    /** Names the master playlist with the SUBTITLES group (null: only the plain master). */
    async setMaster(videoId: string, master: string | null) {
      await db.updateTable('videos').set({ captions_master: master }).where('id', '=', videoId).execute();
    },
  };
}
