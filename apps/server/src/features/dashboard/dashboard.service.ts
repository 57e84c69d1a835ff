import { MORE_VIDEOS_LIMIT, type ChannelStats, type MoreVideo } from '@streamhub/contract';
import { NotFound } from '../../lib/errors.ts';
import type { PlaylistsService } from '../playlists/playlists.service.ts';
import type { PostsService } from '../posts/posts.service.ts';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import type { Channels } from '../users/channels.ts';
import type { DashboardRepo } from './dashboard.repo.ts';

const NO_CHANNEL = 'Channel does not exist';

/** What the dashboard asks the features that own the answers. */
export interface DashboardSources {
  channels: Channels;
  subscriptions: Pick<SubscriptionsService, 'subscriberCount'>;
  posts: Pick<PostsService, 'countByOwner'>;
  playlists: Pick<PlaylistsService, 'countByOwner'>;
}

export function createDashboardService(repo: DashboardRepo, { channels, subscriptions, posts, playlists }: DashboardSources) {
  return {
    /** API.md §5: up to 12 of the owner's ready videos, newest first. Public. */
    async moreVideos(ownerId: string): Promise<MoreVideo[]> {
      if (!(await channels.exists(ownerId))) throw new NotFound(NO_CHANNEL);
      const rows = await repo.newestReadyVideos(ownerId, MORE_VIDEOS_LIMIT);
      return rows.map((v) => ({
        _id: v.id,
        title: v.title,
        thumbnail: v.thumbnail,
        views: v.views,
        createdAt: v.created_at.toISOString(),
        duration: v.duration,
      }));
    },

    /**
     * API.md §5, public. Videos, likes and views count ready videos only (what viewers can
     * see); likes are the likes of those videos.
     */
    async stats(channelId: string): Promise<ChannelStats> {
      if (!(await channels.exists(channelId))) throw new NotFound(NO_CHANNEL);
      const [t, totalPosts, totalSubscribers, totalPlaylists] = await Promise.all([
        repo.channelTotals(channelId),
        posts.countByOwner(channelId),
        subscriptions.subscriberCount(channelId),
        playlists.countByOwner(channelId),
      ]);
      return {
        totalVideos: Number(t.videos),
        totalPosts,
        totalSubscribers,
        totalPlaylists,
        totalLikes: Number(t.likes),
        totalViews: Number(t.views),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
