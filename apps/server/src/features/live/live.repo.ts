import type { Db } from '../../db/database.ts';
import { repository } from '../../db/unit-of-work.ts';
import { sql, type Kysely } from 'kysely';
import type { Database, Visibility } from '../../db/schema.ts';
import { baseStatusSql, moveSql } from '../videos/video-lifecycle.ts';

/** Viewers now: who asked for the live's state within this many seconds. */
export const VIEWER_WINDOW_SECONDS = 30;

export interface NewLiveRow {
  id: string;
  ownerId: string;
  title: string;
  description: string;
  thumbnail: string;
  isExclusive: boolean;
  membersOnly: boolean;
  visibility: Visibility;
  priceMinor: number | null;
  mediaKey: string;
  streamKeyHash: Buffer;
}

/** Every query of live streams (migration 0023); the rows are `videos` rows with `is_live`. */
export function createLiveRepo(db: Db) {
  return repository(db, liveQueries);
}
export type LiveRepo = ReturnType<typeof createLiveRepo>;
export type LiveQueries = ReturnType<typeof liveQueries>;

function liveQueries(db: Kysely<Database>) {
  return {
    /** Serialises a user's new videos and lives, so two cannot both take the last upload slot. */
    async lockOwner(userId: string) {
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    /** A waiting live: `processing` until its stream arrives, so only its owner finds it. */
    async insert(row: NewLiveRow) {
      await db
        .insertInto('videos')
        .values({
          id: row.id,
          owner_id: row.ownerId,
          title: row.title,
          description: row.description,
          thumbnail: row.thumbnail,
          duration: 0,
          is_exclusive: row.isExclusive,
          members_only: row.membersOnly,
          visibility: row.visibility,
          price_minor: row.priceMinor,
          source_key: null,
          media_key: row.mediaKey,
          status: 'processing',
          is_live: true,
          live_state: 'waiting',
          stream_key_hash: row.streamKeyHash,
          thumbnail_placeholder: true,
        })
        .execute();
    },

    /** What the ingest and the routes need of a live; undefined when it is no live (or gone). */
    async find(id: string) {
      return db
        .selectFrom('videos')
        .select([
          'id',
          'owner_id',
          'status',
          'media_key',
          'source_key',
          'has_mp4',
          'is_exclusive',
          'live_state',
          'live_started_at',
          'live_ended_at',
          'live_seen_at',
          'stream_key_hash',
          'live_refused',
          'live_refused_at',
        ])
        .where('id', '=', id)
        .where('is_live', '=', true)
        .executeTakeFirst();
    },

    /** The ingest refused a publish for this live: why and when (its owner's page says so). */
    async noteRefused(id: string, reason: 'path' | 'key'): Promise<void> {
      await db
        .updateTable('videos')
        .set({ live_refused: reason, live_refused_at: new Date() })
        .where('id', '=', id)
        .where('is_live', '=', true)
        .execute();
    },

    async setKeyHash(id: string, hash: Buffer): Promise<boolean> {
      const r = await db
        .updateTable('videos')
        .set({ stream_key_hash: hash })
        .where('id', '=', id)
        .where('is_live', '=', true)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    /**
     * Its stream plays: `live` and listed (`ready`, so the one access rule lists and opens it).
     * Returns whether this is its first start (the channel's subscribers hear of it once); null
     * when it is not waiting or live any more.
     */
    async markLive(id: string): Promise<{ first: boolean } | null> {
      const before = await db.selectFrom('videos').select('live_started_at').where('id', '=', id).forUpdate().executeTakeFirst();
      const r = await db
        .updateTable('videos')
        .set({
          ...moveSql('goLive').set,
          live_started_at: sql<Date>`coalesce(live_started_at, now())`,
          live_seen_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where(moveSql('goLive').when)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n ? { first: before?.live_started_at == null } : null;
    },

    /** The ingest's heartbeat while a stream arrives (a live without one for the grace period has no ingest). */
    async heartbeat(id: string) {
      await db
        .updateTable('videos')
        .set({ live_seen_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('live_state', '=', 'live')
        .execute();
    },

    /** Ended (by its owner, its grace period, or a lost ingest): unlisted until its replay is ready. */
    async markEnded(id: string): Promise<boolean> {
      const r = await db
        .updateTable('videos')
        .set({ ...moveSql('endLive').set, live_ended_at: sql<Date>`now()`, has_hls: false })
        .where('id', '=', id)
        .where(moveSql('endLive').when)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    /** Lives whose stream nobody sends any more: `live` without a heartbeat since `graceMs`. */
    async abandoned(graceMs: number): Promise<string[]> {
      const rows = await db
        .selectFrom('videos')
        .select('id')
        .where('live_state', '=', 'live')
        .where(sql<boolean>`live_seen_at IS NULL OR live_seen_at < now() - make_interval(secs => ${graceMs / 1000})`)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Ended lives whose replay is not made yet (no source, not failed, not done). */
    async awaitingReplay(): Promise<string[]> {
      const rows = await db
        .selectFrom('videos')
        .select('id')
        .where('live_state', '=', 'ended')
        .where('source_key', 'is', null)
        .where('has_mp4', '=', false)
        .where(sql<boolean>`${baseStatusSql} = 'processing'`)
        .execute();
      return rows.map((r) => r.id);
    },

    /** The recording is the replay's source: the ordinary transcode takes it from here. */
    async setReplaySource(id: string, sourceKey: string, sizeBytes: number): Promise<boolean> {
      const r = await db
        .updateTable('videos')
        .set({ source_key: sourceKey, size_bytes: sizeBytes })
        .where('id', '=', id)
        .where('live_state', '=', 'ended')
        .where('source_key', 'is', null)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },

    async markNothingRecorded(id: string, reason: string) {
      await db
        .updateTable('videos')
        .set({ ...moveSql('nothingRecorded').set, failure_reason: reason })
        .where('id', '=', id)
        .where(moveSql('nothingRecorded').when)
        .where('source_key', 'is', null)
        .execute();
    },

    /** Counts `viewerKey` as watching now, and answers how many do. */
    async seeViewer(id: string, viewerKey: string | null): Promise<number> {
      if (viewerKey !== null) {
        await db
          .insertInto('live_viewers')
          .values({ video_id: id, viewer_key: viewerKey })
          .onConflict((oc) => oc.columns(['video_id', 'viewer_key']).doUpdateSet({ seen_at: sql<Date>`now()` }))
          .execute();
      }
      const row = await db
        .selectFrom('live_viewers')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('video_id', '=', id)
        .where(sql<boolean>`seen_at > now() - make_interval(secs => ${VIEWER_WINDOW_SECONDS})`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Forgets viewers long gone (the table holds the last window only). */
    async forgetViewers() {
      await db
        .deleteFrom('live_viewers')
        .where(sql<boolean>`seen_at < now() - make_interval(secs => ${VIEWER_WINDOW_SECONDS * 2})`)
        .execute();
    },
  };
}
