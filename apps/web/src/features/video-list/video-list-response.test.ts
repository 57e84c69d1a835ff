import { describe, expect, it } from 'vitest';
import { InvalidResponseError } from '@/lib/api-client';
import { InvalidVideoListError, normalizeVideoList, pageSummary } from './video-list-response';

const card = {
  _id: '1',
  title: 't',
  description: '',
  thumbnail: '',
  duration: 1,
  views: 0,
  createdAt: '',
  isExclusive: false,
  owner: [],
};

describe('normalizeVideoList', () => {
  it('reads data.videos with a numeric total', () => {
    expect(normalizeVideoList({ videos: [card], total: 30 })).toEqual({ videos: [card], total: 30 });
  });
  it('reads [{total}] and a bare array', () => {
    expect(normalizeVideoList({ videos: [card], total: [{ total: 5 }] }).total).toBe(5);
    expect(normalizeVideoList([card])).toEqual({ videos: [card], total: 1 });
  });
  it('rejects empty or invalid answers', () => {
    expect(() => normalizeVideoList(null)).toThrow(InvalidVideoListError);
    expect(() => normalizeVideoList({})).toThrow('Invalid response from server');
    expect(() => normalizeVideoList('x')).toThrow(InvalidVideoListError);
    // The view shows every unreadable answer, from the client or from here, the same way.
    expect(() => normalizeVideoList({ total: 1 })).toThrow(InvalidResponseError);
  });
});

describe('pageSummary', () => {
  it('computes the range and pages', () => {
    expect(pageSummary(2, 12, 30)).toMatchObject({ from: 13, to: 24, pages: 3, hasPrevious: true, hasNext: true });
    expect(pageSummary(3, 6, 30)).toMatchObject({ from: 25, to: 30, hasNext: false });
    expect(pageSummary(1, 0, 0)).toMatchObject({ from: 0, to: 0, pages: 1, hasNext: false });
  });
});
