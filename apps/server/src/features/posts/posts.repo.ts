import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const COLUMNS = [
  'posts.id',
  'posts.content',
  'posts.likes',
  'posts.created_at',
  'posts.updated_at',
  'posts.owner_id',
  'posts.removed_reason',
  'users.fullname',
  'users.username',
  'users.avatar',
] as const;

export function createPostsRepo(db: Db) {
  // A post taken down (or hidden by its author's suspension) exists for its author only.
  const base = (viewerId: string | null) =>
    db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.owner_id')
      .where((eb) =>
        viewerId
          ? eb.or([eb('posts.removed_reason', 'is', null), eb('posts.owner_id', '=', viewerId)])
          : eb('posts.removed_reason', 'is', null),
      )
      .select(COLUMNS)
      .select((eb) => [
        // Counted from the comments_post index, so it is right the moment a comment comes or goes.
        eb
          .selectFrom('comments')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('comments.post_id', '=', 'posts.id')
          .as('comments'),
        viewerId
          ? eb
              .exists(
                eb
                  .selectFrom('post_likes')
                  .select('post_likes.id')
                  .whereRef('post_likes.post_id', '=', 'posts.id')
                  .where('post_likes.user_id', '=', viewerId),
              )
              .as('is_liked')
          : sql<boolean>`false`.as('is_liked'),
      ]);

  return {
    /** Newest first (index posts_owner_newest). */
    async listByOwner(ownerId: string, viewerId: string | null) {
      return base(viewerId)
        .where('posts.owner_id', '=', ownerId)
        .orderBy('posts.created_at', 'desc')
        .orderBy('posts.id', 'desc')
        .execute();
    },
    async find(id: string, viewerId: string | null) {
      return base(viewerId).where('posts.id', '=', id).executeTakeFirst();
    },
    async findOwner(id: string): Promise<string | undefined> {
      const row = await db.selectFrom('posts').select('owner_id').where('id', '=', id).executeTakeFirst();
      return row?.owner_id;
    },
    /** Whether the post exists and is not removed (taken down, or its author suspended). */
    async isPresent(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('posts')
        .select('id')
        .where('id', '=', id)
        .where('removed_reason', 'is', null)
        .executeTakeFirst();
      return Boolean(row);
    },
    async countByOwner(ownerId: string): Promise<number> {
      const row = await db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insert(row: { id: string; ownerId: string; content: string }) {
      await db.insertInto('posts').values({ id: row.id, owner_id: row.ownerId, content: row.content }).execute();
    },
    async update(id: string, content: string) {
      await db.updateTable('posts').set({ content, updated_at: new Date() }).where('id', '=', id).execute();
    },
    /** Its likes, its comments and their likes go with it (foreign keys, same statement). */
    async delete(id: string) {
      await db.deleteFrom('posts').where('id', '=', id).execute();
    },
  };
}
export type PostsRepo = ReturnType<typeof createPostsRepo>;
