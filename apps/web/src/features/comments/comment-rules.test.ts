import { describe, expect, it } from 'vitest';
import type { Comment } from '@streamhub/contract';
import {
  appendComment,
  commentEditContent,
  commentsPath,
  countReply,
  isCommentAuthor,
  newCommentContent,
  replaceComment,
  replyDraft,
  sortComments,
} from './comment-rules';

const comment = (patch: Partial<Comment> = {}): Comment => ({
  _id: 'c1',
  content: 'Nice clip',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  likes: 3,
  isLiked: true,
  owner: { _id: 'u1', username: 'Ann', fullname: 'Ann Lee', avatar: '' },
  parentId: null,
  replyCount: 0,
  pinned: false,
  ...patch,
});

describe('comment paths', () => {
  it('go to the video or post list', () => {
    expect(commentsPath({ kind: 'video', id: 'v 1' })).toBe('/api/comment/video/v%201');
    expect(commentsPath({ kind: 'post', id: 'p1' })).toBe('/api/comment/post/p1');
  });
});

describe('newCommentContent (SPEC §5)', () => {
  it('never sends blank or whitespace-only text', () => {
    expect(newCommentContent('')).toBeNull();
    expect(newCommentContent('  \n\t ')).toBeNull();
  });
  it('sends the trimmed text', () => {
    expect(newCommentContent('  hello\nworld  ')).toBe('hello\nworld');
  });
});

describe('commentEditContent (SPEC §4, §5)', () => {
  it('reverts unchanged text', () => {
    expect(commentEditContent('Nice clip', 'Nice clip')).toBeNull();
    expect(commentEditContent('Nice clip', '  Nice clip \n')).toBeNull();
  });
  it('reverts blank text', () => {
    expect(commentEditContent('Nice clip', '   ')).toBeNull();
  });
  it('sends a real change, trimmed', () => {
    expect(commentEditContent('Nice clip', ' Great clip ')).toBe('Great clip');
  });
});

describe('isCommentAuthor (SPEC §6)', () => {
  it('compares usernames', () => {
    expect(isCommentAuthor(comment(), { username: 'Ann' })).toBe(true);
    expect(isCommentAuthor(comment(), { username: 'ann' })).toBe(true);
    expect(isCommentAuthor(comment(), { username: 'bob' })).toBe(false);
    expect(isCommentAuthor(comment(), null)).toBe(false);
  });
  it('is false for a comment without an author', () => {
    expect(isCommentAuthor({ owner: undefined as unknown as Comment['owner'] }, { username: 'Ann' })).toBe(false);
  });
});

describe('list updates', () => {
  it('appends a new comment with 0 likes', () => {
    const added = appendComment([comment()], comment({ _id: 'c2', likes: 7 }));
    expect(added.map((c) => [c._id, c.likes, c.isLiked])).toEqual([
      ['c1', 3, true],
      ['c2', 0, false],
    ]);
    expect(appendComment(undefined, comment())).toHaveLength(1);
  });
  it('replaces an edited comment in place', () => {
    const list = [comment(), comment({ _id: 'c2' })];
    expect(replaceComment(list, comment({ _id: 'c2', content: 'Edited' })).map((c) => c.content)).toEqual([
      'Nice clip',
      'Edited',
    ]);
  });
});

describe('comment order and replies', () => {
  const at = (minute: number) => `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
  const list = [
    comment({ _id: 'a', createdAt: at(1), likes: 1 }),
    comment({ _id: 'b', createdAt: at(2), likes: 5 }),
    comment({ _id: 'c', createdAt: at(3), likes: 1 }),
  ];
  it('oldest, newest, top (likes, then newest); the pinned one first in every order', () => {
    expect(sortComments(list, 'oldest').map((c) => c._id)).toEqual(['a', 'b', 'c']);
    expect(sortComments(list, 'newest').map((c) => c._id)).toEqual(['c', 'b', 'a']);
    expect(sortComments(list, 'top').map((c) => c._id)).toEqual(['b', 'c', 'a']);
    const pinned = list.map((c) => (c._id === 'c' ? { ...c, pinned: true } : c));
    expect(sortComments(pinned, 'oldest').map((c) => c._id)).toEqual(['c', 'a', 'b']);
  });
  it('a reply to a reply starts with @its author; counts move on the top-level comment', () => {
    expect(replyDraft(comment())).toBe('');
    expect(replyDraft(comment({ parentId: 'top' }))).toBe('@Ann ');
    expect(countReply([comment({ _id: 'top', replyCount: 2 })], 'top')[0]!.replyCount).toBe(3);
  });
});
