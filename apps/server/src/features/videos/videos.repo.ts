import type { Db } from '../../db/database.ts';
import { repository } from '../../db/unit-of-work.ts';
import { sql, type Kysely } from 'kysely';
import type { Database, Visibility } from '../../db/schema.ts';
import { selectCards } from '../access/video-card.ts';
import { listed } from '../access/access.sql.ts';
import { trendAfterViews } from '../recommendations/trend-score.ts';
import { moveSql } from './video-lifecycle.ts';

export interface NewVideoRow {
  id: string;
  ownerId: string;
  title: string;
  description: string;
  thumbnail: string;
  duration: number;
  isExclusive: boolean;
  membersOnly?: boolean;
  visibility?: Visibility;
  priceMinor: number | null;
  sourceKey: string;
  mediaKey: string;
  /** Bytes of the uploaded source: what the video counts against its owner's storage quota. */
  sizeBytes?: number;
  /** Scheduled publishing: the time it goes public (docs/chapters-and-scheduling.md). */
  publishAt?: Date | null;
}

export function createVideosRepo(db: Db) {
  return repository(db, videoQueries);
}
export type VideosRepo = ReturnType<typeof createVideosRepo>;
export type VideoQueries = ReturnType<typeof videoQueries>;

function videoQueries(db: Kysely<Database>) {
  return {
    async findById(id: string) {
      return db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Points a video's row at its files' new folder, if it still names the old one. */
    async moveMediaKey(id: string, from: string, to: string) {
      await db.updateTable('videos').set({ media_key: to }).where('id', '=', id).where('media_key', '=', from).execute();
    },

    /** Finished (or failed) exclusive videos whose files are still in the public `videos/<id>` (before migration 0009). */
    async legacyExclusiveFinished(): Promise<string[]> {
      const rows = await db
        .selectFrom('videos')
        .select('id')
        .where('is_exclusive', '=', true)
        .where(sql<boolean>`media_key = 'videos/' || id`)
        .where((eb) => eb.or([eb('has_mp4', '=', true), eb('status', '=', 'failed')]))
        .execute();
      return rows.map((r) => r.id);
    },

    /** Why a video is removed, if it is (the watch call's 410). */
    async removal(id: string) {
      return db
        .selectFrom('videos')
        .select(['removed_reason', 'removed_by'])
        .where('id', '=', id)
        .where('status', '=', 'removed')
        .executeTakeFirst();
    },

    /** The watch call's row: video and owner. */
    async findForWatch(id: string) {
      return db
        .selectFrom('videos')
        .innerJoin('users as owner', 'owner.id', 'videos.owner_id')
        .selectAll('videos')
        .select(['owner.fullname as owner_fullname', 'owner.username as owner_username', 'owner.avatar as owner_avatar'])
        .where('videos.id', '=', id)
        .executeTakeFirst();
    },

    /** Serialises uploads of one user, so two parallel uploads cannot both take the last slot. */
    async lockOwner(userId: string) {
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    async insert(row: NewVideoRow) {
      await db
        .insertInto('videos')
        .values({
          id: row.id,
          owner_id: row.ownerId,
          title: row.title,
          description: row.description,
          thumbnail: row.thumbnail,
          duration: row.duration,
          is_exclusive: row.isExclusive,
          members_only: row.membersOnly ?? false,
          visibility: row.visibility ?? 'public',
          price_minor: row.priceMinor,
          source_key: row.sourceKey,
          media_key: row.mediaKey,
          size_bytes: row.sizeBytes ?? 0,
          status: 'processing',
          publish_at: row.publishAt ?? null,
        })
        .execute();
    },

    async listByOwner(ownerId: string, includeUnready: boolean) {
      let q = selectCards(db)
        .select(['videos.status', 'videos.progress', 'videos.failure_reason', 'videos.removed_reason', 'videos.publish_at'])
        .where('videos.owner_id', '=', ownerId);
      if (!includeUnready) q = q.where(listed());
      return q.orderBy('videos.created_at', 'desc').orderBy('videos.id', 'desc').execute();
    },

    async updateDetails(
      id: string,
      patch: { title?: string; description?: string; thumbnail?: string; visibility?: Visibility; members_only?: boolean },
    ) {
      await db
        .updateTable('videos')
        .set({ ...patch, ...(patch.thumbnail ? { thumbnail_placeholder: false } : {}), updated_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * A live's replay: `thumbnail` replaces its dark placeholder, unless its owner chose one
     * meanwhile. The placeholder's key when replaced (to delete), else undefined.
     */
    async replacePlaceholderThumbnail(id: string, thumbnail: string): Promise<string | undefined> {
      const row = await db
        .updateTable('videos as v')
        .set({ thumbnail, thumbnail_placeholder: false })
        .from('videos as old')
        .whereRef('old.id', '=', 'v.id')
        .where('v.id', '=', id)
        .where('v.thumbnail_placeholder', '=', true)
        .returning('old.thumbnail as placeholder')
        .executeTakeFirst();
      return row?.placeholder;
    },

    async delete(id: string) {
      return db.deleteFrom('videos').where('id', '=', id).returning(['id', 'thumbnail', 'source_key']).executeTakeFirst();
    },

    /** Job state changes; each returns false when the video no longer exists (deleted meanwhile). */
    async setProgress(id: string, progress: number): Promise<boolean> {
      const r = await db.updateTable('videos').set({ progress }).where('id', '=', id).executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    async startProcessing(id: string): Promise<boolean> {
      const r = await db
        .updateTable('videos')
        .set({ ...moveSql('encode').set, progress: 0, has_hls: false, has_mp4: false, failure_reason: null })
        .where('id', '=', id)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    async markPlayable(id: string): Promise<boolean> {
      const r = await db
        .updateTable('videos')
        .set({ ...moveSql('playable').set, has_hls: true })
        .where('id', '=', id)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    /**
     * Undefined when the video is gone. `scheduled`: it still waits for its publish time (its
     * `video.publish` job announces it then); read from the row as updated, after any concurrent
     * publication committed (the row lock orders the two), so exactly one of them announces it.
     */
    async markDone(id: string, duration: number, thumbnailCandidates = 0): Promise<{ scheduled: boolean } | undefined> {
      const row = await db
        .updateTable('videos')
        .set({
          ...moveSql('done').set,
          has_hls: true,
          has_mp4: true,
          progress: 100,
          duration,
          source_key: null,
          thumbnail_candidates: thumbnailCandidates,
        })
        .where('id', '=', id)
        .returning('publish_at')
        .executeTakeFirst();
      return row && { scheduled: row.publish_at !== null };
    },

    /**
     * Ends a video's schedule: public from now (`scheduled` → `ready`; one still encoding is
     * listed once it plays), dated now, as lists and its channel show it. Only while it has a
     * publish time, and with `due` only once that time has come, so a repeated or early job
     * changes nothing. Undefined when nothing changed; else whether it is finished (`has_mp4`):
     * then it is published now, else when its transcode ends.
     */
    async endSchedule(id: string, opts: { due: boolean }): Promise<{ has_mp4: boolean } | undefined> {
      let q = db
        .updateTable('videos')
        .set({ ...moveSql('publish').set, created_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where(moveSql('publish').when);
      if (opts.due) q = q.where('publish_at', '<=', sql<Date>`now()`);
      return q.returning('has_mp4').executeTakeFirst();
    },

    /** Videos whose publish time passed over `graceSeconds` ago and still wait (their job lost): oldest time first. */
    async overdueSchedules(graceSeconds: number, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('videos')
        .select('id')
        .where('publish_at', '<=', sql<Date>`now() - make_interval(secs => ${graceSeconds})`)
        .orderBy('publish_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** Moves a scheduled video's time; false when it has none (public already, or never scheduled). */
    async reschedule(id: string, publishAt: Date): Promise<boolean> {
      const r = await db
        .updateTable('videos')
        .set({ publish_at: publishAt, updated_at: new Date() })
        .where('id', '=', id)
        .where('publish_at', 'is not', null)
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    /** Marks failed only a video whose processing never finished (nor already failed). */
    /** Marks an unfinished video failed; its file keys when it was marked now, else undefined. */
    async markFailedIfUnfinished(id: string, reason: string) {
      return db
        .updateTable('videos')
        .set({ ...moveSql('failUnfinished').set, failure_reason: reason, has_hls: false, has_mp4: false })
        .where('id', '=', id)
        .where('has_mp4', '=', false)
        .where(moveSql('failUnfinished').when)
        .returning(['media_key', 'source_key'])
        .executeTakeFirst();
    },
    /** A failed video back to `processing` for another transcode; false unless it was failed (a second click). */
    async retryFailed(id: string): Promise<boolean> {
      const r = await db
        .updateTable('videos')
        .set({ ...moveSql('encode').set, progress: 0, has_hls: false, has_mp4: false, failure_reason: null })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return r.numUpdatedRows > 0n;
    },
    async markFailed(id: string, reason: string) {
      await db
        .updateTable('videos')
        .set({ ...moveSql('fail').set, failure_reason: reason, has_hls: false, has_mp4: false })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Marks a view of `viewerKey`: true when it counts (no mark yet, or the last counted one is
     * over an hour old); concurrent requests of one viewer meet on the primary key, so only one
     * of them counts. The count itself is written in batches (view-counter.ts, `addViews`).
     */
    async markView(videoId: string, viewerKey: string): Promise<boolean> {
      const counted = await db
        .insertInto('video_views')
        .values({ video_id: videoId, viewer_key: viewerKey, counted_at: sql<Date>`now()` })
        .onConflict((oc) =>
          oc
            .columns(['video_id', 'viewer_key'])
            .doUpdateSet({ counted_at: sql<Date>`now()` })
            .where('video_views.counted_at', '<=', sql<Date>`now() - interval '1 hour'`),
        )
        .executeTakeFirst();
      return Boolean(counted.numInsertedOrUpdatedRows);
    },

    /**
     * Adds counted views to their videos, and to today's (UTC) row of each video's analytics
     * (migration 0022), in one statement: the studio's views per day are the same views the
     * videos show. A video deleted meanwhile is skipped.
     */
    async addViews(counts: Map<string, number>): Promise<void> {
      if (counts.size === 0) return;
      const ids = [...counts.keys()].sort(); // one lock order for every process
      const ns = ids.map((id) => counts.get(id)!);
      await sql`
        WITH counted AS (
          UPDATE videos SET views = videos.views + d.n, trend_score = ${trendAfterViews(sql<number>`d.n`)}
            FROM unnest(${ids}::uuid[], ${ns}::int[]) AS d(id, n)
           WHERE videos.id = d.id
          RETURNING videos.id, d.n)
        INSERT INTO video_daily_stats AS s (video_id, day, views)
        SELECT id, (now() AT TIME ZONE 'UTC')::date, n FROM counted ORDER BY id
        ON CONFLICT (video_id, day) DO UPDATE SET views = s.views + excluded.views`.execute(db);
    },

    async isLiked(userId: string, videoId: string) {
      const row = await db
        .selectFrom('video_likes')
        .select('id')
        .where('user_id', '=', userId)
        .where('video_id', '=', videoId)
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}
