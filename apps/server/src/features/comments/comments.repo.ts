import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

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
  'users.fullname',
  'users.username',
  'users.avatar',
] as const;

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
      );

  return {
    /** Oldest first (index comments_video / comments_post); a page when asked. */
    async list(parent: CommentParent, viewerId: string | null, page?: { limit: number; offset: number }) {
      let q = base(viewerId)
        .where(PARENT_COLUMN[parent.kind], '=', parent.id)
        .orderBy('comments.created_at', 'asc')
        .orderBy('comments.id', 'asc');
      if (page) q = q.limit(page.limit).offset(page.offset);
      return q.execute();
    },
    async find(id: string, viewerId: string | null) {
      return base(viewerId).where('comments.id', '=', id).executeTakeFirst();
    },
    /** False when the parent was deleted meanwhile (its foreign key refuses the row). */
    async insert(row: { id: string; ownerId: string; parent: CommentParent; content: string; held?: boolean }): Promise<boolean> {
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
          })
          .execute();
        return true;
      } catch (err) {
        if ((err as { code?: string }).code === '23503') return false;
        throw err;
      }
    },
    async update(id: string, content: string) {
      await db.updateTable('comments').set({ content, updated_at: new Date() }).where('id', '=', id).execute();
    },
    /** Its likes go with it (foreign key, same statement). */
    async delete(id: string) {
      await db.deleteFrom('comments').where('id', '=', id).execute();
    },
  };
}
export type CommentsRepo = ReturnType<typeof createCommentsRepo>;
