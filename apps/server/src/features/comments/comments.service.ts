import type { Comment, CommentPaging } from '@streamhub/contract';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { WatchGate } from '../videos/videos.service.ts';
import type { CommentsRepo } from './comments.repo.ts';

type Row = NonNullable<Awaited<ReturnType<CommentsRepo['find']>>>;

const toComment = (r: Row): Comment => ({
  _id: r.id,
  content: r.content,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  likes: r.likes,
  isLiked: Boolean(r.is_liked),
  owner: { _id: r.owner_id, fullname: r.fullname, username: r.username, avatar: r.avatar },
});

/** What comments need of their parent: the video's watch rule. */
export interface CommentGates {
  /** Videos: missing or unready → 404, exclusive without access → 401. */
  watch: WatchGate;
}

/**
 * Video comments (API.md §7). Every call, including edit, delete and likes of one comment, goes
 * through the video's watch rule first.
 */
export function createCommentsService(repo: CommentsRepo, { watch: videos }: CommentGates) {
  async function loadReachable(commentId: string, viewer: Viewer | null) {
    const row = await repo.find(commentId, viewer?._id ?? null);
    if (!row) throw new NotFound('Comment not found');
    await videos.assertWatchable(row.video_id!, viewer);
    return row;
  }

  async function loadOwn(commentId: string, viewer: Viewer) {
    const row = await loadReachable(commentId, viewer);
    if (row.owner_id !== viewer._id) throw new Forbidden('Only the author can change this comment');
    return row;
  }
  return {
    async listForVideo(videoId: string, viewer: Viewer | null, paging: CommentPaging): Promise<Comment[]> {
      await videos.assertWatchable(videoId, viewer);
      const page =
        paging.page || paging.limit
          ? { limit: paging.limit ?? 20, offset: ((paging.page ?? 1) - 1) * (paging.limit ?? 20) }
          : undefined;
      return (await repo.listForVideo(videoId, viewer?._id ?? null, page)).map(toComment);
    },
    async addToVideo(viewer: Viewer, videoId: string, content: string) {
      await videos.assertWatchable(videoId, viewer);
      const id = newId();
      await repo.insert({ id, ownerId: viewer._id, videoId, content });
      return toComment((await repo.find(id, viewer._id))!);
    },
    async edit(viewer: Viewer, commentId: string, content: string) {
      await loadOwn(commentId, viewer);
      await repo.update(commentId, content);
      return toComment((await repo.find(commentId, viewer._id))!);
    },
    async remove(viewer: Viewer, commentId: string) {
      await loadOwn(commentId, viewer);
      await repo.delete(commentId);
    },
    /** For likes: the comment exists and its video's rule lets the viewer at it. */
    async assertReachable(commentId: string, viewer: Viewer | null): Promise<void> {
      await loadReachable(commentId, viewer);
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
