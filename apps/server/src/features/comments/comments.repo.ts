import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const COLUMNS = [
  'comments.id',
  'comments.content',
  'comments.likes',
  'comments.created_at',
  'comments.updated_at',
  'comments.owner_id',
  'comments.video_id',
  'users.fullname',
  'users.username',
  'users.avatar',
] as const;

export function createCommentsRepo(db: Db) {
  const base = (viewerId: string | null) =>
    db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.owner_id')
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
    async listForVideo(videoId: string, viewerId: string | null, page?: { limit: number; offset: number }) {
      let q = base(viewerId)
        .where('comments.video_id', '=', videoId)
        .orderBy('comments.created_at', 'asc')
        .orderBy('comments.id', 'asc');
      if (page) q = q.limit(page.limit).offset(page.offset);
      return q.execute();
    },
    async find(id: string, viewerId: string | null) {
      return base(viewerId).where('comments.id', '=', id).executeTakeFirst();
    },
    async insert(row: { id: string; ownerId: string; videoId: string; content: string }) {
      await db
        .insertInto('comments')
        .values({ id: row.id, owner_id: row.ownerId, video_id: row.videoId, content: row.content })
        .execute();
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
