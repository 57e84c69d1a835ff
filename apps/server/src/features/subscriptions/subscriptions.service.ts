import type { Channels } from '../users/channels.ts';
import { VIDEO_PAGE_SIZE, type FeedPage, type Subscriber, type Subscription, type SubscriptionToggle } from '@streamhub/contract';
import { BadInput, NotFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import { toVideoCard } from '../access/video-card.ts';
import type { SubscriptionsRepo } from './subscriptions.repo.ts';

const NO_CHANNEL = 'Channel does not exist';

const owner = (r: { user_id: string; fullname: string; username: string; avatar: string }) => ({
  _id: r.user_id,
  fullname: r.fullname,
  username: r.username,
  avatar: r.avatar,
});

/**
 * Subscriptions (API.md §8), and the two questions about them every feature asks here: "is A
 * subscribed to B" and "how many subscribers has this channel".
 */
export function createSubscriptionsService(repo: SubscriptionsRepo, channels: Channels) {
  async function subscriberCounts(channelIds: string[]): Promise<Map<string, number>> {
    return repo.subscriberCounts([...new Set(channelIds)]);
  }

  return {
    /** Subscribed now → the subscription; unsubscribed now → null. */
    async toggle(viewer: Viewer, channelId: string): Promise<SubscriptionToggle> {
      if (channelId === viewer._id) throw new BadInput('You cannot subscribe to your own channel');
      if (!(await channels.exists(channelId))) throw new NotFound(NO_CHANNEL);
      const toggled = await repo.toggle(viewer._id, channelId, newId());
      if (!toggled) throw new NotFound(NO_CHANNEL);
      if (!toggled.on) return null;
      return {
        _id: toggled.link.id,
        subscriber: viewer._id,
        channel: channelId,
        createdAt: toggled.link.created_at.toISOString(),
      };
    },

    async subscribers(channelId: string): Promise<Subscriber[]> {
      if (!(await channels.exists(channelId))) throw new NotFound(NO_CHANNEL);
      return (await repo.subscribers(channelId)).map((r) => ({ _id: r.id, subscriber: owner(r) }));
    },

    async subscriptions(viewer: Viewer): Promise<Subscription[]> {
      const rows = await repo.subscriptions(viewer._id);
      const counts = await subscriberCounts(rows.map((r) => r.user_id));
      return rows.map((r) => ({ _id: r.id, subscribedTo: { ...owner(r), subscribers: counts.get(r.user_id) ?? 0 } }));
    },

    /** GET /api/subscription/feed (API.md §22): the newest listed videos of my channels, 12 a page. */
    async feed(viewer: Viewer, page: number): Promise<FeedPage> {
      const { rows, total } = await repo.feedPage(viewer._id, (page - 1) * VIDEO_PAGE_SIZE, VIDEO_PAGE_SIZE);
      return { videos: rows.map(toVideoCard), total };
    },

    async isSubscribed(subscriberId: string, channelId: string): Promise<boolean> {
      return repo.isSubscribed(subscriberId, channelId);
    },

    async subscriberCount(channelId: string): Promise<number> {
      return (await subscriberCounts([channelId])).get(channelId) ?? 0;
    },
  };
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
