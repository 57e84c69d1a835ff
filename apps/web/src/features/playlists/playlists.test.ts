import { describe, expect, it } from 'vitest';
import { playlistHref, playlistsTitle } from './playlists';

describe('playlists', () => {
  it("titles the owner's list and someone else's", () => {
    expect(playlistsTitle(true, 'Ann Lee')).toBe('Your Playlists');
    expect(playlistsTitle(false, 'Ann Lee')).toBe("Ann Lee's Playlists");
    expect(playlistsTitle(false, undefined)).toBe('Playlists');
  });

  it('links own playlists without the channel, others under it', () => {
    expect(playlistHref('p1', 'u1', 'u1')).toBe('/playlist/p/p1');
    expect(playlistHref('p1', 'u2', 'u1')).toBe('/playlist/u/u2/p/p1');
  });
});
