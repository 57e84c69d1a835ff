import type { Comment, CommentListQuery, CommentPaging } from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { Events } from '../../events/events.ts';
import { BadInput, Forbidden, NotFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { PostsService } from '../posts/posts.service.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { WatchGate } from '../access/access.service.ts';
import type { ChannelBlocksService } from '../channel-blocks/channel-blocks.service.ts';
import { createCommentsRepo, type CommentParent, type CommentsRepo } from './comments.repo.ts';

type Row = NonNullable<Awaited<ReturnType<CommentsRepo['find']>>>;

/** Page size when a page is asked for without a limit. */
const COMMENT_PAGE_SIZE = 20;
const NO_COMMENT = 'Comment not found';

const toComment = (r: Row): Comment => ({
  _id: r.id,
  content: r.content,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  likes: r.likes,
  isLiked: Boolean(r.is_liked),
  owner: { _id: r.owner_id, fullname: r.fullname, username: r.username, avatar: r.avatar },
  parentId: r.parent_id,
  replyCount: r.reply_count,
  pinned: r.pinned,
  ...(r.is_member ? { isMember: true } : {}),
  ...(r.held ? { held: true } : {}),
  ...(r.removed_reason ? { removedReason: r.removed_reason } : {}),
});

/** A page when `page` or `limit` is asked for; otherwise everything. */
const pageOf = (paging: CommentPaging) => {
  const limit = paging.limit ?? COMMENT_PAGE_SIZE;
  return paging.page || paging.limit ? { limit, offset: ((paging.page ?? 1) - 1) * limit } : undefined;
};

/** Only a comment everyone may read takes replies or a pin (a held or removed one waits for its channel or staff). */
const assertOpen = (r: Row, what: string) => {
  if (r.held || r.removed_reason) throw new BadInput(`A held or removed comment cannot ${what}`);
};

const parentOf = (r: Row): CommentParent => (r.video_id ? { kind: 'video', id: r.video_id } : { kind: 'post', id: r.post_id! });

/** The rule of each parent: whoever may read the parent may read, write and like its comments. */
export interface CommentGates {
  /** Videos: missing or unready → 404, exclusive without access → 401. */
  watch: WatchGate;
  /** Posts are public: missing → 404. */
  posts: Pick<PostsService, 'assertExists'>;
  /** The parent's owner may have blocked the author (403) or hold comments with their blocked words. */
  channel: Pick<ChannelBlocksService, 'commentRule'>;
}

/**
 * Comments of videos and posts (API.md §7): one implementation for both parents. Every call,
 * including edit, delete and likes of one comment, goes through its parent's rule first.
 */
export function createCommentsService({ db, events }: { db: Db; events: Pick<Events, 'publish'> }, gates: CommentGates) {
  const repo = createCommentsRepo(db);
  const inTransaction = unitOfWork(db, (q) => ({ q, repo: createCommentsRepo(q) }));
  async function assertParent(parent: CommentParent, viewer: Viewer | null) {
    if (parent.kind === 'video') await gates.watch.assertWatchable(parent.id, viewer);
    else await gates.posts.assertExists(parent.id);
  }

  async function loadReachable(commentId: string, viewer: Viewer | null) {
    const row = await repo.find(commentId, viewer?._id ?? null);
    if (!row) throw new NotFound(NO_COMMENT);
    await assertParent(parentOf(row), viewer);
    return row;
  }

  async function loadOwn(commentId: string, viewer: Viewer) {
    const row = await loadReachable(commentId, viewer);
    if (row.owner_id !== viewer._id) throw new Forbidden('Only the author can change this comment');
    return row;
  }

  async function reload(commentId: string, viewer: Viewer) {
    const row = await repo.find(commentId, viewer._id);
    // Deleted by a concurrent call of the author.
    if (!row) throw new NotFound(NO_COMMENT);
    return toComment(row);
  }

  return {
    /**
     * Every top-level comment, the pinned one first, then oldest first (or `top`: most liked, then
     * newest; `newest`); one page of them when `page` or `limit` is given. Replies come from `replies`.
     */
    async list(parent: CommentParent, viewer: Viewer | null, query: CommentListQuery): Promise<Comment[]> {
      await assertParent(parent, viewer);
      return (await repo.list(parent, viewer?._id ?? null, query.sortBy ?? 'oldest', pageOf(query))).map(toComment);
    },

    async add(viewer: Viewer, parent: CommentParent, content: string): Promise<Comment> {
      await assertParent(parent, viewer);
      const { held } = await gates.channel.commentRule(parent, viewer._id, content);
      const id = newId();
      // Announced with the row (its parent's owner is notified: docs/notifications.md).
      const added = await inTransaction(async ({ q, repo }) => {
        if (!(await repo.insert({ id, ownerId: viewer._id, parent, content, held }))) return false;
        await events.publish(q, 'comment.created', { commentId: id });
        return true;
      });
      if (!added) throw new NotFound(parent.kind === 'video' ? 'Video not found' : 'Post not found');
      return reload(id, viewer);
    },

    /**
     * A reply (API.md §14): one level, like YouTube, so a reply to a reply joins the same
     * top-level comment. Every rule of a comment on that video or post applies (watch rule,
     * channel blocks, blocked words).
     */
    async reply(viewer: Viewer, commentId: string, content: string): Promise<Comment> {
      const target = await loadReachable(commentId, viewer);
      const top = target.parent_id ? await loadReachable(target.parent_id, viewer) : target;
      assertOpen(top, 'take replies');
      const parent = parentOf(top);
      const { held } = await gates.channel.commentRule(parent, viewer._id, content);
      const id = newId();
      // Announced with the row (the top-level comment's author is notified: docs/notifications.md).
      const added = await inTransaction(async ({ q, repo }) => {
        if (!(await repo.insert({ id, ownerId: viewer._id, parent, content, held, replyTo: top.id }))) return false;
        await events.publish(q, 'comment.replied', { commentId: id });
        return true;
      });
      if (!added) throw new NotFound(NO_COMMENT);
      return reload(id, viewer);
    },

    /** The replies of a top-level comment, oldest first (a reply has none); a page when asked. */
    async replies(viewer: Viewer | null, commentId: string, paging: CommentPaging): Promise<Comment[]> {
      const row = await loadReachable(commentId, viewer);
      if (row.parent_id) return [];
      return (await repo.replies(row.id, viewer?._id ?? null, pageOf(paging))).map(toComment);
    },

    /**
     * Pins a top-level comment under the viewer's video or post (unpinning the one pinned
     * before), or unpins it when it is the pinned one: only the owner of the video or post.
     */
    async togglePin(viewer: Viewer, commentId: string): Promise<Comment> {
      const row = await loadReachable(commentId, viewer);
      const parent = parentOf(row);
      if ((await repo.parentOwner(parent)) !== viewer._id) {
        throw new Forbidden('Only the owner of the video or post can pin comments');
      }
      if (row.parent_id) throw new BadInput('Only a top-level comment can be pinned');
      if (!row.pinned) assertOpen(row, 'be pinned');
      if ((await repo.togglePin(commentId, parent)) === null) throw new NotFound(NO_COMMENT);
      return reload(commentId, viewer);
    },

    /**
     * An edit is a new text under the same channel's rule: a blocked author may no longer edit
     * there (403), and a text with a blocked word is held (or a held one's clean text released)
     * exactly as a new comment would be.
     */
    async edit(viewer: Viewer, commentId: string, content: string): Promise<Comment> {
      const row = await loadOwn(commentId, viewer);
      const { held } = await gates.channel.commentRule(parentOf(row), viewer._id, content);
      await repo.update(commentId, content, held);
      return reload(commentId, viewer);
    },

    /** Its likes, and a top-level comment's replies, go with it; announced for the live chat of its video. */
    async remove(viewer: Viewer, commentId: string): Promise<void> {
      const row = await loadOwn(commentId, viewer);
      await inTransaction(async ({ q, repo }) => {
        await repo.delete(commentId);
        await events.publish(q, 'comment.deleted', { commentId, videoId: row.video_id, parentId: row.parent_id });
      });
    },

    /** The live chat of a video (comment-streams.ts): whoever may read its comments may follow them. */
    assertFollowable: (videoId: string, viewer: Viewer | null) => assertParent({ kind: 'video', id: videoId }, viewer),

    /**
     * A new comment as everyone sees it, with the video it is under, for that video's live chat;
     * null when it is under a post, held for review, removed or already gone.
     */
    async announced(commentId: string): Promise<{ videoId: string; comment: Comment } | null> {
      const row = await repo.find(commentId, null);
      return row?.video_id ? { videoId: row.video_id, comment: toComment(row) } : null;
    },

    /** What a resumed live chat missed: the video's comments everyone may read after `afterId`, oldest first. */
    async after(videoId: string, afterId: string, limit: number): Promise<Comment[]> {
      return (await repo.after(videoId, afterId, limit)).map(toComment);
    },

    /** For likes: the comment exists and its parent's rule lets the viewer at it. */
    async assertReachable(commentId: string, viewer: Viewer | null): Promise<void> {
      await loadReachable(commentId, viewer);
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
