import type { Post } from '@streamhub/contract';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { Channels } from '../users/channels.ts';
import type { PostsRepo } from './posts.repo.ts';

type Row = NonNullable<Awaited<ReturnType<PostsRepo['find']>>>;

const NO_POST = 'Post not found';

const toPost = (r: Row): Post => ({
  _id: r.id,
  content: r.content,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  likes: r.likes,
  isLiked: Boolean(r.is_liked),
  comments: Number(r.comments ?? 0),
  owner: [{ _id: r.owner_id, fullname: r.fullname, username: r.username, avatar: r.avatar }],
  ...(r.removed_reason ? { removedReason: r.removed_reason } : {}),
});

/** Text posts of a channel (API.md §10): public to read, written and changed by their author only. */
export function createPostsService(repo: PostsRepo, channels: Channels) {
  async function load(postId: string, viewer: Viewer | null) {
    const row = await repo.find(postId, viewer?._id ?? null);
    if (!row) throw new NotFound(NO_POST);
    return toPost(row);
  }

  async function assertAuthor(postId: string, viewer: Viewer) {
    const ownerId = await repo.findOwner(postId);
    if (!ownerId) throw new NotFound(NO_POST);
    if (ownerId !== viewer._id) throw new Forbidden('Only the author can change this post');
  }

  return {
    get: load,

    /** Newest first; a user that does not exist has no channel to list. */
    async listByUser(userId: string, viewer: Viewer | null): Promise<Post[]> {
      if (!(await channels.exists(userId))) throw new NotFound('Channel does not exist');
      return (await repo.listByOwner(userId, viewer?._id ?? null)).map(toPost);
    },

    async create(viewer: Viewer, content: string): Promise<Post> {
      const id = newId();
      await repo.insert({ id, ownerId: viewer._id, content });
      return load(id, viewer);
    },

    async edit(viewer: Viewer, postId: string, content: string): Promise<Post> {
      await assertAuthor(postId, viewer);
      await repo.update(postId, content);
      return load(postId, viewer);
    },

    /** Its comments and every like of it or of them go in the same statement. */
    async remove(viewer: Viewer, postId: string): Promise<void> {
      await assertAuthor(postId, viewer);
      await repo.delete(postId);
    },

    /**
     * The parent rule of a post's comments and likes: posts are public, so it only has to exist
     * (and not be removed: a removed post takes no comments or likes, not even its author's).
     */
    async assertExists(postId: string): Promise<void> {
      if (!(await repo.isPresent(postId))) throw new NotFound(NO_POST);
    },

    /** Channel stats' totalPosts. */
    async countByOwner(ownerId: string): Promise<number> {
      return repo.countByOwner(ownerId);
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
