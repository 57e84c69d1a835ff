import { describe, expect, it } from 'vitest';
import { toggledLike, withLikeResult } from './likes';

describe('toggledLike', () => {
  it('likes and unlikes, moving the count by one', () => {
    expect(toggledLike({ _id: 'c', isLiked: false, likes: 2 })).toEqual({ _id: 'c', isLiked: true, likes: 3 });
    expect(toggledLike({ isLiked: true, likes: 3 })).toEqual({ isLiked: false, likes: 2 });
  });
  it('never goes below zero', () => {
    expect(toggledLike({ isLiked: true, likes: 0 })).toEqual({ isLiked: false, likes: 0 });
  });
});

describe('withLikeResult', () => {
  it("takes the server's numbers and keeps the rest", () => {
    expect(withLikeResult({ _id: 'p', isLiked: false, likes: 9 }, { isLiked: true, likes: 4 })).toEqual({
      _id: 'p',
      isLiked: true,
      likes: 4,
    });
  });
  it('ignores an answer without them', () => {
    const item = { isLiked: true, likes: 1 };
    expect(withLikeResult(item, null)).toBe(item);
  });
});
