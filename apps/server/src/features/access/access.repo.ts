import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PurchaseKind } from '../../db/schema.ts';
import {
  byLink,
  granting,
  listed,
  mediaFinal,
  playlistGrants,
  playlistOpenTo,
  reachableBy,
  waitingLive,
  watchableBy,
} from './access.sql.ts';

export interface NewEntitlement {
  id: string;
  userId: string;
  kind: PurchaseKind;
  videoId?: string;
  playlistId?: string;
  uploadSlots?: number;
  purchaseId: string;
}

export function createAccessRepo(db: Db) {
  return {
    /**
     * For each of `videoIds` that exists, in one query: listed, visible to the viewer, open to
     * everyone, and whether the viewer may watch it. `final`: its files no longer change (`mediaFinal`).
     */
    async decide(viewerId: string | null, videoIds: readonly string[]) {
      if (videoIds.length === 0) return [];
      return db
        .selectFrom('videos as v')
        .select([
          'v.id',
          mediaFinal('v').as('final'),
          'v.media_key',
          byLink(viewerId, 'v').as('listed'),
          reachableBy(viewerId, 'v').as('visible'),
          waitingLive('v').as('waiting'),
          watchableBy(null, 'v').as('open'),
          watchableBy(viewerId, 'v').as('watchable'),
          sql<boolean>`v.visibility = 'private'`.as('private'),
          // A members-only video that is not for sale is refused with reason 'membership'.
          sql<boolean>`(v.members_only AND NOT v.is_exclusive)`.as('members_only'),
        ])
        .where('v.id', 'in', videoIds)
        .execute();
    },

    /**
     * The media gate's question for the user of a live session (the gate knows the session from
     * its cookie, not the user): is the video open to everyone, may that user watch it.
     */
    async decideForSession(sessionId: string, videoId: string) {
      const user = sql<string>`(SELECT s.user_id FROM sessions s WHERE s.id = ${sessionId} AND s.expires_at > now())`;
      return db
        .selectFrom('videos as v')
        .select([
          'v.id',
          mediaFinal('v').as('final'),
          'v.media_key',
          watchableBy(null, 'v').as('open'),
          // No live session: the user is NULL and every branch but the first is unknown.
          sql<boolean>`coalesce(${watchableBy(user, 'v')}, false)`.as('watchable'),
          sql<boolean>`v.visibility = 'private'`.as('private'),
        ])
        .where('v.id', '=', videoId)
        .executeTakeFirst();
    },

    /** Whether the playlist is open to the viewer (not exclusive, theirs, or bought); undefined when missing. */
    async playlistOpen(viewerId: string | null, playlistId: string): Promise<boolean | undefined> {
      const row = await db
        .selectFrom('playlists as p')
        .select(playlistOpenTo(viewerId, 'p').as('open'))
        .where('p.id', '=', playlistId)
        .executeTakeFirst();
      return row?.open;
    },

    /** The exclusive videos the viewer holds through bought playlists, with the playlist and its purchase. */
    async exclusivePlaylistGrants(viewerId: string) {
      return db
        .selectFrom(sql<{ video_id: string; playlist_id: string; purchase_id: string }>`(${playlistGrants(viewerId)})`.as('g'))
        .innerJoin('videos as v', 'v.id', 'g.video_id')
        .select(['g.video_id', 'g.playlist_id', 'g.purchase_id'])
        .where('v.is_exclusive', '=', true)
        .where(listed('v'))
        .execute();
    },

    /**
     * Videos the user uploaded (but those failed for good), their unfinished resumable uploads (not
     * being made into a video: a claimed one's slot is the video's), the upload slots their
     * entitlements add, and their limit before slots: their own (`users.upload_limit`), else the
     * instance's default, else null.
     */
    async uploadCounts(
      userId: string,
    ): Promise<{ uploaded: number; unfinished: number; extraSlots: number; limit: number | null }> {
      const row = await db
        .selectNoFrom((eb) => [
          // A video that failed for good has no files left (transcode.job.ts) and gives its slot back.
          eb
            .selectFrom('videos')
            .select(eb.fn.countAll<number>().as('n'))
            .where('owner_id', '=', userId)
            .where('status', '<>', 'failed')
            .as('uploaded'),
          eb
            .selectFrom('unfinished_uploads')
            .select(eb.fn.countAll<number>().as('n'))
            .where('owner_id', '=', userId)
            .where('claimed_at', 'is', null)
            .as('unfinished'),
          eb
            .selectFrom('entitlements')
            .select(sql<number>`coalesce(sum(upload_slots), 0)`.as('n'))
            .where('user_id', '=', userId)
            .where('kind', '=', 'uploads')
            .where(granting('entitlements'))
            .as('extra'),
          sql<number | null>`coalesce(
            (SELECT upload_limit FROM users WHERE id = ${userId}),
            (SELECT default_upload_limit FROM instance_settings))`.as('limit'),
        ])
        .executeTakeFirstOrThrow();
      return {
        uploaded: Number(row.uploaded),
        unfinished: Number(row.unfinished),
        extraSlots: Number(row.extra),
        limit: row.limit === null ? null : Number(row.limit),
      };
    },

    /**
     * Bytes the user's videos hold (their uploaded sources, removed ones included) and their
     * storage quota: their own, else the instance's default, else null (unlimited).
     */
    async storage(userId: string): Promise<{ usedBytes: number; quotaBytes: number | null }> {
      const row = await db
        .selectNoFrom((eb) => [
          eb
            .selectFrom('videos')
            .select(sql<number>`coalesce(sum(size_bytes), 0)`.as('n'))
            .where('owner_id', '=', userId)
            .as('used'),
          sql<number | null>`coalesce(
            (SELECT storage_quota_bytes FROM users WHERE id = ${userId}),
            (SELECT default_storage_quota_bytes FROM instance_settings))`.as('quota'),
        ])
        .executeTakeFirstOrThrow();
      return { usedBytes: Number(row.used), quotaBytes: row.quota === null ? null : Number(row.quota) };
    },

    async grant(e: NewEntitlement): Promise<void> {
      await db
        .insertInto('entitlements')
        .values({
          id: e.id,
          user_id: e.userId,
          kind: e.kind,
          video_id: e.videoId ?? null,
          playlist_id: e.playlistId ?? null,
          upload_slots: e.uploadSlots ?? null,
          purchase_id: e.purchaseId,
        })
        .execute();
    },

    async playlistHasBuyers(playlistId: string): Promise<boolean> {
      const row = await db
        .selectFrom('entitlements')
        .select('id')
        .where('kind', '=', 'playlist')
        .where('playlist_id', '=', playlistId)
        .executeTakeFirst();
      return Boolean(row);
    },

    /** The video's owner; undefined when there is no such video. */
    async videoOwner(videoId: string): Promise<string | undefined> {
      const row = await db.selectFrom('videos').select('owner_id').where('id', '=', videoId).executeTakeFirst();
      return row?.owner_id;
    },
  };
}
export type AccessRepo = ReturnType<typeof createAccessRepo>;
