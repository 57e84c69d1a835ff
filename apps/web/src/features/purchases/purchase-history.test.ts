import { describe, expect, it } from 'vitest';
import type { PurchaseHistory } from '@streamhub/contract';
import { isEmptyHistory, isRefunded, purchaseSections, purchasedPlaylistHref } from './purchase-history';

const owner = { _id: 'u9', fullname: 'Cara Creator', username: 'cara', avatar: '' };
const video = (id: string, purchasedAt: string, playlist?: string): PurchaseHistory['purchasedVideos'][number] => ({
  _id: `purchase-${id}`,
  videoId: { _id: id, title: `Video ${id}`, thumbnail: '', duration: 3, views: 0, owner },
  amount: playlist ? 0 : 5,
  purchasedAt,
  ...(playlist ? { playlistId: { _id: playlist, name: 'Best of', owner } } : {}),
});

describe('purchaseSections', () => {
  it('splits videos bought one by one from those a bought playlist grants, in the SPEC order', () => {
    const sections = purchaseSections({
      purchasedVideos: [video('a', '2026-01-01T10:00:00Z'), video('b', '2026-01-02T10:00:00Z', 'p1')],
      purchasedPlaylists: [
        { _id: 'pp1', playlistId: { _id: 'p1', name: 'Best of', owner }, amount: 30, purchasedAt: '2026-01-02T10:00:00Z' },
      ],
      purchasedUploads: [{ _id: 'up1', uploadCount: 5, amount: 20, purchasedAt: '2026-01-03T10:00:00Z' }],
    });
    expect(sections.map((s) => s.kind)).toEqual(['videos', 'playlistVideos', 'playlists', 'uploads']);
    expect(sections[0]?.items.map((i) => i._id)).toEqual(['purchase-a']);
    expect(sections[1]?.items.map((i) => i._id)).toEqual(['purchase-b']);
  });

  it('lists each section newest first', () => {
    const [videos] = purchaseSections({
      purchasedVideos: [video('old', '2026-01-01T10:00:00Z'), video('new', '2026-03-01T10:00:00Z')],
      purchasedPlaylists: [],
      purchasedUploads: [],
    });
    expect(videos?.items.map((i) => i._id)).toEqual(['purchase-new', 'purchase-old']);
  });

  it('keeps all four sections when some are empty', () => {
    const onlyUploads = purchaseSections({
      purchasedUploads: [{ _id: 'up1', uploadCount: 5, amount: 20, purchasedAt: '2026-01-03T10:00:00Z' }],
    });
    expect(onlyUploads.map((s) => [s.kind, s.items.length])).toEqual([
      ['videos', 0],
      ['playlistVideos', 0],
      ['playlists', 0],
      ['uploads', 1],
    ]);
    expect(isEmptyHistory(onlyUploads)).toBe(false);
  });

  it('is an empty history only when all four are empty', () => {
    expect(isEmptyHistory(purchaseSections({ purchasedVideos: [], purchasedPlaylists: [], purchasedUploads: [] }))).toBe(true);
    expect(isEmptyHistory(purchaseSections({ purchasedVideos: [video('b', '2026-01-02T10:00:00Z', 'p1')] }))).toBe(false);
  });

  it('reads a missing or partial answer as empty', () => {
    for (const answer of [undefined, null, { purchasedVideos: null as never }]) {
      const sections = purchaseSections(answer);
      expect(sections).toHaveLength(4);
      expect(isEmptyHistory(sections)).toBe(true);
    }
  });
});

describe('purchasedPlaylistHref', () => {
  it("links under the playlist owner's channel", () => {
    expect(purchasedPlaylistHref({ _id: 'p1', owner })).toBe('/playlist/u/u9/p/p1');
  });
});

describe('isRefunded', () => {
  it('reads either the refunded flag or the refunded status, and nothing else', () => {
    expect(isRefunded({ refunded: true })).toBe(true);
    expect(isRefunded({ status: 'refunded' })).toBe(true);
    expect(isRefunded({ refunded: false, status: 'settled' })).toBe(false);
    expect(isRefunded({})).toBe(false);
    expect(isRefunded(undefined)).toBe(false);
  });
});
