import { describe, expect, it } from 'vitest';
import { otherChannelTiles, ownActivityTiles, ownChannelTiles } from './channel-tiles';

const stats = { totalVideos: 3, totalPosts: 2, totalSubscribers: 7, totalPlaylists: 1, totalLikes: 9, totalViews: 40 };
const profile = {
  _id: 'me',
  username: 'ann',
  fullname: 'Ann',
  avatar: '',
  email: 'ann@example.com',
  emailVerified: true,
  locale: 'en',
  twoFactor: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  likedVidCount: 4,
  playlists: 5,
  subscriptions: 6,
};
const summary = (tiles: ReturnType<typeof ownChannelTiles>) => tiles.map((t) => [t.label, t.to, t.count]);

describe('channel tiles (SPEC §2)', () => {
  it('links the owner activity to /liked, /playlist and /subscriptions', () => {
    expect(summary(ownActivityTiles(profile))).toEqual([
      ['Liked Videos', '/liked', 4],
      ['Playlists', '/playlist', 5],
      ['Subscriptions', '/subscriptions', 6],
    ]);
  });

  it('links the own channel to /videos, /post and /subscribers', () => {
    expect(summary(ownChannelTiles(stats))).toEqual([
      ['Videos', '/videos', 3],
      ['Posts', '/post', 2],
      ['Subscribers', '/subscribers', 7],
    ]);
    expect(ownChannelTiles(undefined).map((t) => t.count)).toEqual([undefined, undefined, undefined]);
  });

  it('links another channel to its videos, posts and playlists', () => {
    expect(summary(otherChannelTiles('c1', stats))).toEqual([
      ['Videos', '/videos/c1', 3],
      ['Posts', '/post/u/c1', 2],
      ['Playlists', '/playlist/u/c1', 1],
    ]);
  });
});
