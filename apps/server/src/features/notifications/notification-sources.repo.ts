import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** What moderation can take down or restore (the `targetType` of moderation events). */
export type ModeratedType = 'video' | 'comment' | 'post' | 'playlist' | 'channel';

/** Content of one owner that staff took down or restored, as its notification needs it. */
export interface ModeratedContent {
  ownerId: string;
  videoId: string | null;
  commentId: string | null;
  postId: string | null;
  /** A playlist's name (a video's title is read with the notification). */
  title: string | null;
  /** Why it is removed now (null once restored). */
  reason: string | null;
}

/**
 * The reads that turn an event into its notification: who gets it and what it is about, read
 * when the subscriber runs (events carry ids; the row's state then is what counts).
 */
export function createNotificationSourcesRepo(db: Db) {
  return {
    /** A video's uploader and title. */
    async video(videoId: string) {
      return db.selectFrom('videos').select(['id', 'owner_id', 'title']).where('id', '=', videoId).executeTakeFirst();
    },

    /** A comment with its author, the owner of what it is written under (its video's or post's) and, for a reply, the author of the comment it answers. */
    async comment(commentId: string) {
      return db
        .selectFrom('comments as c')
        .leftJoin('videos as v', 'v.id', 'c.video_id')
        .leftJoin('posts as p', 'p.id', 'c.post_id')
        .leftJoin('comments as top', 'top.id', 'c.parent_id')
        .select([
          'c.id',
          'c.owner_id',
          'c.video_id',
          'c.post_id',
          sql<string | null>`coalesce(v.owner_id, p.owner_id)`.as('parent_owner_id'),
          // A reply's top-level comment's author (null for a top-level comment).
          'top.owner_id as replied_to_owner_id',
        ])
        .where('c.id', '=', commentId)
        .executeTakeFirst();
    },

    /** A settled sale: buyer, seller, what was sold and for how much. */
    async sale(purchaseId: string) {
      return db
        .selectFrom('purchases')
        .select(['buyer_id', 'seller_id', 'kind', 'video_id', 'title', 'amount_minor'])
        .where('id', '=', purchaseId)
        .where('status', '=', 'settled')
        .executeTakeFirst();
    },

    /** A resolved report, with the title of a reported video while it is listed. */
    async resolvedReport(reportId: string) {
      return db
        .selectFrom('reports as r')
        .leftJoin('videos as v', (j) =>
          j.onRef('v.id', '=', 'r.target_id').on('r.target_type', '=', 'video').on('v.status', '=', 'ready'),
        )
        .select(['r.reporter_id', 'r.target_type', 'v.title'])
        .where('r.id', '=', reportId)
        .where('r.state', '<>', 'open')
        .executeTakeFirst();
    },

    /** The owner of a taken-down or restored item, what it is, and why it is removed (if it still is). */
    async moderated(type: ModeratedType, id: string): Promise<ModeratedContent | undefined> {
      const none = { videoId: null, commentId: null, postId: null, title: null };
      switch (type) {
        case 'video': {
          const r = await db.selectFrom('videos').select(['owner_id', 'removed_reason']).where('id', '=', id).executeTakeFirst();
          return r && { ...none, ownerId: r.owner_id, videoId: id, reason: r.removed_reason };
        }
        case 'comment': {
          const r = await db
            .selectFrom('comments')
            .select(['owner_id', 'removed_reason', 'video_id', 'post_id'])
            .where('id', '=', id)
            .executeTakeFirst();
          return (
            r && { ...none, ownerId: r.owner_id, commentId: id, videoId: r.video_id, postId: r.post_id, reason: r.removed_reason }
          );
        }
        case 'post': {
          const r = await db.selectFrom('posts').select(['owner_id', 'removed_reason']).where('id', '=', id).executeTakeFirst();
          return r && { ...none, ownerId: r.owner_id, postId: id, reason: r.removed_reason };
        }
        case 'playlist': {
          const r = await db
            .selectFrom('playlists')
            .select(['owner_id', 'name', 'removed_reason'])
            .where('id', '=', id)
            .executeTakeFirst();
          return r && { ...none, ownerId: r.owner_id, title: r.name, reason: r.removed_reason };
        }
        case 'channel': {
          const r = await db.selectFrom('users').select(['id', 'suspended_reason']).where('id', '=', id).executeTakeFirst();
          return r && { ...none, ownerId: r.id, reason: r.suspended_reason };
        }
      }
    },
  };
}
export type NotificationSourcesRepo = ReturnType<typeof createNotificationSourcesRepo>;
