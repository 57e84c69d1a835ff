import type { ChannelStats, OwnProfile } from '@streamhub/contract';

export type ChannelTileIcon = 'liked' | 'playlists' | 'subscriptions' | 'videos' | 'posts' | 'subscribers';
export type ChannelTile = { to: string; label: string; count: number | undefined; icon: ChannelTileIcon };

/** SPEC §2: the owner's 'My Activity' block. */
export function ownActivityTiles(profile: OwnProfile): ChannelTile[] {
  return [
    { to: '/liked', label: 'Liked Videos', count: profile.likedVidCount, icon: 'liked' },
    { to: '/playlist', label: 'Playlists', count: profile.playlists, icon: 'playlists' },
    { to: '/subscriptions', label: 'Subscriptions', count: profile.subscriptions, icon: 'subscriptions' },
  ];
}

/** SPEC §2: the owner's own channel tiles. */
export function ownChannelTiles(stats: ChannelStats | undefined): ChannelTile[] {
  return [
    { to: '/videos', label: 'Videos', count: stats?.totalVideos, icon: 'videos' },
    { to: '/post', label: 'Posts', count: stats?.totalPosts, icon: 'posts' },
    { to: '/subscribers', label: 'Subscribers', count: stats?.totalSubscribers, icon: 'subscribers' },
  ];
}

/** SPEC §2: tiles of someone else's channel. */
export function otherChannelTiles(channelId: string, stats: ChannelStats | undefined): ChannelTile[] {
  const id = encodeURIComponent(channelId);
  return [
    { to: `/videos/${id}`, label: 'Videos', count: stats?.totalVideos, icon: 'videos' },
    { to: `/post/u/${id}`, label: 'Posts', count: stats?.totalPosts, icon: 'posts' },
    { to: `/playlist/u/${id}`, label: 'Playlists', count: stats?.totalPlaylists, icon: 'playlists' },
  ];
}
