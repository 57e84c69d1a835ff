import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { activeMember } from '../access/access.sql.ts';

/** What a comment hangs under: a video or a post (exactly one, by a CHECK in the table). */
export interface CommentParent {
  kind: 'video' | 'post';
  id: string;
}

const PARENT_COLUMN = { video: 'comments.video_id', post: 'comments.post_id' } as const;

const COLUMNS = [
  'comments.id',
  'comments.content',
  'comments.likes',
  'comments.created_at',
  'comments.updated_at',
  'comments.owner_id',
  'comments.video_id',
  'comments.post_id',
  'comments.held',
  'comments.removed_reason',
  'comments.parent_id',
  'comments.reply_count',
  'comments.pinned',
  'users.fullname',
  'users.username',
  'users.avatar',
] as const;

/** The order of a top-level list (API.md §14); absent: oldest first (API.md §7). */
export type CommentOrder = 'oldest' | 'top' | 'newest';

type Page = { limit: number; offset: number };

export function createCommentsRepo(db: Db) {
  // A comment taken down (or hidden by its author's suspension) exists for its author only.
  const base = (viewerId: string | null) =>
    db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.owner_id')
      // A held comment (it holds a blocked word of the channel) exists for its author and the channel only.
      .where((eb) =>
        viewerId
          ? eb.or([
              eb('comments.held', '=', false),
              eb('comments.owner_id', '=', viewerId),
              eb.exists(
                eb
                  .selectFrom('videos as held_on')
                  .select('held_on.id')
                  .whereRef('held_on.id', '=', 'comments.video_id')
                  .where('held_on.owner_id', '=', viewerId),
              ),
              eb.exists(
                eb
                  .selectFrom('posts as held_on')
                  .select('held_on.id')
                  .whereRef('held_on.id', '=', 'comments.post_id')
                  .where('held_on.owner_id', '=', viewerId),
              ),
            ])
          : eb('comments.held', '=', false),
      )
      .where((eb) =>
        viewerId
          ? eb.or([eb('comments.removed_reason', 'is', null), eb('comments.owner_id', '=', viewerId)])
          : eb('comments.removed_reason', 'is', null),
      )
      .select(COLUMNS)
      .select((eb) =>
        viewerId
          ? eb
              .exists(
                eb
                  .selectFrom('comment_likes')
                  .select('comment_likes.id')
                  .whereRef('comment_likes.comment_id', '=', 'comments.id')
                  .where('comment_likes.user_id', '=', viewerId),
              )
              .as('is_liked')
          : sql<boolean>`false`.as('is_liked'),
      )
      // The member badge (API.md §20): its author is an active member of the channel it was written on.
      .select(
        activeMember(
          sql.ref('comments.owner_id'),
          sql`coalesce((SELECT cv.owner_id FROM videos cv WHERE cv.id = comments.video_id), (SELECT cp.owner_id FROM posts cp WHERE cp.id = comments.post_id))`,
        ).as('is_member'),
      );

  return {
    /**
     * The top-level comments of a video or post, the pinned one first, then in `order` (index
     * comments_video / comments_post for oldest first); a page when asked.
     */
    async list(parent: CommentParent, viewerId: string | null, order: CommentOrder, page?: Page) {
      let q = base(viewerId)
        .where(PARENT_COLUMN[parent.kind], '=', parent.id)
        .where('comments.parent_id', 'is', null)
        .orderBy('comments.pinned', 'desc');
      if (order === 'top') q = q.orderBy('comments.likes', 'desc');
      const direction = order === 'oldest' ? 'asc' : 'desc';
      q = q.orderBy('comments.created_at', direction).orderBy('comments.id', direction);
      if (page) q = q.limit(page.limit).offset(page.offset);
      return q.execute();
    },
    /** The replies of a top-level comment, oldest first (index comments_replies); a page when asked. */
    async replies(topId: string, viewerId: string | null, page?: Page) {
      let q = base(viewerId)
        .where('comments.parent_id', '=', topId)
        .orderBy('comments.created_at', 'asc')
        .orderBy('comments.id', 'asc');
      if (page) q = q.limit(page.limit).offset(page.offset);
      return q.execute();
    },
    async find(id: string, viewerId: string | null) {
      return base(viewerId).where('comments.id', '=', id).executeTakeFirst();
    },
    /**
     * A video's comments everyone may read (top-level and replies) written after `afterId`, in
     * id order (uuidv7: creation order), at most `limit`: what a resumed live chat missed.
     */
    async after(videoId: string, afterId: string, limit: number) {
      return base(null)
        .where('comments.video_id', '=', videoId)
        .where('comments.id', '>', afterId)
        .orderBy('comments.id', 'asc')
        .limit(limit)
        .execute();
    },
    /**
     * False when the parent (or the top-level comment of a reply) was deleted meanwhile (its
     * foreign key refuses the row). A reply's count on its top-level comment moves in the same
     * statement (trigger of migration 0019).
     */
    async insert(row: {
      id: string;
      ownerId: string;
      parent: CommentParent;
      content: string;
      held?: boolean;
      replyTo?: string;
    }): Promise<boolean> {
      try {
        await db
          .insertInto('comments')
          .values({
            id: row.id,
            owner_id: row.ownerId,
            video_id: row.parent.kind === 'video' ? row.parent.id : null,
            post_id: row.parent.kind === 'post' ? row.parent.id : null,
            content: row.content,
            held: row.held ?? false,
            parent_id: row.replyTo ?? null,
          })
          .execute();
        return true;
      } catch (err) {
        if ((err as { code?: string }).code === '23503') return false;
        throw err;
      }
    },
    async update(id: string, content: string, held: boolean) {
      await db.updateTable('comments').set({ content, held, updated_at: new Date() }).where('id', '=', id).execute();
    },
    /** Who owns the video or post the comment is under (whoever may pin there). */
    async parentOwner(parent: CommentParent): Promise<string | undefined> {
      const table = parent.kind === 'video' ? 'videos' : 'posts';
      const row = await db.selectFrom(table).select('owner_id').where('id', '=', parent.id).executeTakeFirst();
      return row?.owner_id;
    },
    /**
     * Pins the comment, unpinning the one pinned before under the same parent, or unpins it when
     * it was pinned; the new state, or null when the comment is gone. Pins of one parent take
     * turns on a lock of its id, so two at once leave exactly one pinned.
     */
    async togglePin(commentId: string, parent: CommentParent): Promise<boolean | null> {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`comment-pin:${parent.id}`}, 0))`.execute(trx);
        const row = await trx.selectFrom('comments').select('pinned').where('id', '=', commentId).executeTakeFirst();
        if (!row) return null;
        if (!row.pinned) {
          await trx
            .updateTable('comments')
            .set({ pinned: false })
            .where(PARENT_COLUMN[parent.kind], '=', parent.id)
            .where('pinned', '=', true)
            .execute();
        }
        await trx.updateTable('comments').set({ pinned: !row.pinned }).where('id', '=', commentId).execute();
        return !row.pinned;
      });
    },
    /** Its likes and, for a top-level comment, its replies go with it (foreign keys, same statement). */
    async delete(id: string) {
      await db.deleteFrom('comments').where('id', '=', id).execute();
    },
  };
}
export type CommentsRepo = ReturnType<typeof createCommentsRepo>;
