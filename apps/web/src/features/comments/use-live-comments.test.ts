import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Comment } from '@streamhub/contract';
import { commentKeys } from '@/lib/query-keys';
import { dropComment, liveCommentsUrl, receiveComment } from './use-live-comments';

const comment = (id: string, parentId: string | null = null, replyCount = 0): Comment => ({
  _id: id,
  content: `comment ${id}`,
  createdAt: '2026-11-25T18:00:00.000Z',
  updatedAt: '2026-11-25T18:00:00.000Z',
  likes: 0,
  isLiked: false,
  owner: { _id: 'u1', fullname: 'A', username: 'a', avatar: '' },
  parentId,
  replyCount,
  pinned: false,
});

const setup = () => {
  const client = new QueryClient();
  client.setQueryData(commentKeys.list('video', 'v1'), [comment('c1', null, 1)]);
  return client;
};
const list = (client: QueryClient) => client.getQueryData<Comment[]>(commentKeys.list('video', 'v1'))!;

describe('the live chat patches the comments section', () => {
  it('appends a new top-level comment once, however often it arrives', () => {
    const client = setup();
    receiveComment(client, 'v1', comment('c2'));
    receiveComment(client, 'v1', comment('c2'));
    expect(list(client).map((c) => c._id)).toEqual(['c1', 'c2']);
  });

  it("adds a reply to its open thread and counts it on its comment once; a closed thread's count moves too", () => {
    const client = setup();
    client.setQueryData(commentKeys.replies('video', 'v1', 'c1'), [comment('r1', 'c1')]);
    receiveComment(client, 'v1', comment('r2', 'c1'));
    receiveComment(client, 'v1', comment('r2', 'c1'));
    expect(client.getQueryData<Comment[]>(commentKeys.replies('video', 'v1', 'c1'))!.map((c) => c._id)).toEqual(['r1', 'r2']);
    expect(list(client)[0]!.replyCount).toBe(2);
  });

  it('drops a deleted comment from the list', () => {
    const client = setup();
    receiveComment(client, 'v1', comment('c2'));
    dropComment(client, 'v1', { _id: 'c1', parentId: null });
    expect(list(client).map((c) => c._id)).toEqual(['c2']);
  });

  it('leaves a list nobody loaded alone, and names the stream of the video', () => {
    const client = new QueryClient();
    receiveComment(client, 'v2', comment('c9'));
    expect(client.getQueryData(commentKeys.list('video', 'v2'))).toBeUndefined();
    expect(liveCommentsUrl('a/b')).toBe('/api/comment/video/a%2Fb/stream');
  });
});
