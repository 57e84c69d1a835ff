import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A creator's own protections: blocked users, blocked words, and the comments those words hold back. */
export function createChannelBlocksRepo(db: Db) {
  /** Held comments on the channel's videos and posts, with what each was written under. */
  const held = (channelId: string) =>
    db
      .selectFrom('comments as c')
      .innerJoin('users as u', 'u.id', 'c.owner_id')
      .leftJoin('videos as v', 'v.id', 'c.video_id')
      .leftJoin('posts as p', 'p.id', 'c.post_id')
      .where('c.held', '=', true)
      .where((eb) => eb.or([eb('v.owner_id', '=', channelId), eb('p.owner_id', '=', channelId)]));

  return {
    /** False when there is no such user (its foreign key refuses the row). */
    async block(channelId: string, blockedId: string): Promise<boolean> {
      try {
        await db
          .insertInto('channel_blocks')
          .values({ channel_id: channelId, blocked_id: blockedId })
          .onConflict((oc) => oc.doNothing())
          .execute();
        return true;
      } catch (err) {
        if ((err as { code?: string }).code === '23503') return false;
        throw err;
      }
    },
    async unblock(channelId: string, blockedId: string) {
      await db.deleteFrom('channel_blocks').where('channel_id', '=', channelId).where('blocked_id', '=', blockedId).execute();
    },
    async blocks(channelId: string) {
      return db
        .selectFrom('channel_blocks as b')
        .innerJoin('users as u', 'u.id', 'b.blocked_id')
        .select(['u.id', 'u.username', 'u.fullname', 'u.avatar', 'b.created_at'])
        .where('b.channel_id', '=', channelId)
        .orderBy('b.created_at', 'desc')
        .execute();
    },

    async words(channelId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('channel_blocked_words')
        .select('word')
        .where('channel_id', '=', channelId)
        .orderBy('word')
        .execute();
      return rows.map((r) => r.word);
    },
    /** Replaces the whole list (call inside a transaction). */
    async replaceWords(channelId: string, words: readonly string[]) {
      await db.deleteFrom('channel_blocked_words').where('channel_id', '=', channelId).execute();
      if (words.length > 0) {
        await db
          .insertInto('channel_blocked_words')
          .values(words.map((word) => ({ channel_id: channelId, word })))
          .execute();
      }
    },

    /**
     * What a new comment by `authorId` under this video or post meets: the owner of the parent
     * (undefined when there is no such parent), whether they blocked the author, and their words.
     */
    async commentRule(parent: { kind: 'video' | 'post'; id: string }, authorId: string) {
      const table = sql.table(parent.kind === 'video' ? 'videos' : 'posts');
      return db
        .selectFrom(sql<{ id: string; owner_id: string }>`${table}`.as('o'))
        .select([
          'o.owner_id',
          sql<boolean>`EXISTS (SELECT 1 FROM channel_blocks b WHERE b.channel_id = o.owner_id AND b.blocked_id = ${authorId})`.as(
            'blocked',
          ),
          sql<string[]>`ARRAY(SELECT w.word FROM channel_blocked_words w WHERE w.channel_id = o.owner_id)`.as('words'),
        ])
        .where('o.id', '=', parent.id)
        .executeTakeFirst();
    },

    /** Newest first. */
    async heldComments(channelId: string) {
      return held(channelId)
        .select([
          'c.id',
          'c.content',
          'c.likes',
          'c.created_at',
          'c.updated_at',
          'c.owner_id',
          'c.video_id',
          'c.post_id',
          'u.username',
          'u.fullname',
          'u.avatar',
          'v.title as video_title',
          'p.content as post_content',
        ])
        .orderBy('c.created_at', 'desc')
        .orderBy('c.id', 'desc')
        .execute();
    },
    async isHeldOn(channelId: string, commentId: string): Promise<boolean> {
      return Boolean(await held(channelId).select('c.id').where('c.id', '=', commentId).executeTakeFirst());
    },
    async release(commentId: string) {
      await db.updateTable('comments').set({ held: false }).where('id', '=', commentId).execute();
    },
    async deleteComment(commentId: string) {
      await db.deleteFrom('comments').where('id', '=', commentId).execute();
    },
  };
}
export type ChannelBlocksRepo = ReturnType<typeof createChannelBlocksRepo>;
