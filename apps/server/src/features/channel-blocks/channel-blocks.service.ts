import type { BlockedWords, ChannelBlock, HeldComment } from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import { BadInput, Forbidden, NotFound } from '../../lib/errors.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import { findBlockedWord, normaliseBlockedWords } from './blocked-words.ts';
import { createChannelBlocksRepo } from './channel-blocks.repo.ts';

export const BLOCKED_COMMENTER = 'You cannot comment on this channel';
const NO_HELD_COMMENT = 'Held comment not found';
/** How much of a post's text names it in the held-comments list. */
const POST_TITLE_LENGTH = 80;

/**
 * A creator protects their own space (docs/moderation.md, "Channel blocks"): users they block
 * cannot comment on their videos and posts, and a new comment holding one of their blocked words
 * is held (seen by its author and the creator only) until the creator approves or deletes it.
 * The comments service asks `commentRule` before it writes a comment.
 */
export function createChannelBlocksService(db: Db) {
  const repo = createChannelBlocksRepo(db);

  async function loadHeld(viewer: Viewer, commentId: string) {
    if (!(await repo.isHeldOn(viewer._id, commentId))) throw new NotFound(NO_HELD_COMMENT);
  }

  return {
    async block(viewer: Viewer, userId: string): Promise<void> {
      if (userId === viewer._id) throw new BadInput('You cannot block yourself');
      if (!(await repo.block(viewer._id, userId))) throw new NotFound('User does not exist');
    },
    async unblock(viewer: Viewer, userId: string): Promise<void> {
      await repo.unblock(viewer._id, userId);
    },
    async blocks(viewer: Viewer): Promise<ChannelBlock[]> {
      const rows = await repo.blocks(viewer._id);
      return rows.map((r) => ({
        user: { _id: r.id, username: r.username, fullname: r.fullname, avatar: r.avatar },
        createdAt: r.created_at.toISOString(),
      }));
    },

    async words(viewer: Viewer): Promise<BlockedWords> {
      return { words: await repo.words(viewer._id) };
    },
    async setWords(viewer: Viewer, words: readonly string[]): Promise<BlockedWords> {
      const list = normaliseBlockedWords(words);
      await db.transaction().execute((trx) => createChannelBlocksRepo(trx).replaceWords(viewer._id, list));
      return { words: await repo.words(viewer._id) };
    },

    /**
     * Before a comment by `authorId` is written under this video or post: 403 when its owner
     * blocked the author; `held` when it holds one of the owner's blocked words. The owner's own
     * comments are never blocked or held. A parent that does not exist is the caller's 404.
     */
    async commentRule(
      parent: { kind: 'video' | 'post'; id: string },
      authorId: string,
      content: string,
    ): Promise<{ held: boolean }> {
      const rule = await repo.commentRule(parent, authorId);
      if (!rule || rule.owner_id === authorId) return { held: false };
      if (rule.blocked) throw new Forbidden(BLOCKED_COMMENTER);
      return { held: findBlockedWord(content, rule.words) !== null };
    },

    async heldComments(viewer: Viewer): Promise<HeldComment[]> {
      const rows = await repo.heldComments(viewer._id);
      return rows.map((r) => ({
        _id: r.id,
        content: r.content,
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
        likes: r.likes,
        isLiked: false,
        owner: { _id: r.owner_id, username: r.username, fullname: r.fullname, avatar: r.avatar },
        parent: r.video_id
          ? { type: 'video' as const, _id: r.video_id, title: r.video_title ?? '' }
          : { type: 'post' as const, _id: r.post_id!, title: (r.post_content ?? '').slice(0, POST_TITLE_LENGTH) },
      }));
    },
    /** Shows a held comment to everyone who may read its parent. */
    async approveHeld(viewer: Viewer, commentId: string): Promise<void> {
      await loadHeld(viewer, commentId);
      await repo.release(commentId);
    },
    async removeHeld(viewer: Viewer, commentId: string): Promise<void> {
      await loadHeld(viewer, commentId);
      await repo.deleteComment(commentId);
    },
  };
}
export type ChannelBlocksService = ReturnType<typeof createChannelBlocksService>;
