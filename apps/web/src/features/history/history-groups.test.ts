import { describe, expect, it } from 'vitest';
import { groupHistory } from './history-groups';

const video = (id: string) => ({
  _id: id,
  title: id,
  description: '',
  thumbnail: '',
  duration: 1,
  views: 0,
  createdAt: '',
  isExclusive: false,
  owner: [],
});

describe('groupHistory', () => {
  it('groups by watched day, newest first, accepting a video list', () => {
    const groups = groupHistory([
      { _id: 'a', watchedAt: '2026-01-01T10:00:00Z', videoId: '1', video: video('1') },
      { _id: 'b', watchedAt: '2026-01-02T10:00:00Z', videoId: '2', video: [video('2')] },
      { _id: 'c', watchedAt: '2026-01-02T12:00:00Z', videoId: '3', video: video('3') },
      { _id: 'd', watchedAt: '2026-01-03T12:00:00Z', videoId: '4', video: null },
    ]);
    expect(groups.map((g) => g.date)).toEqual(['2 January 2026', '1 January 2026']);
    expect(groups[0]?.items.map((i) => i._id)).toEqual(['c', 'b']);
  });
});
