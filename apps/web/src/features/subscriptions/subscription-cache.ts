import type { ChannelProfile, ChannelStats, OwnProfile, Subscription, WatchVideo } from '@streamhub/contract';

/**
 * How one subscription change shows in each cached answer that carries it (SPEC §4: the count
 * goes up by one on subscribing and down by one on unsubscribing). Each function returns its
 * input unchanged when there is nothing to change, so applying it twice is harmless.
 */

/** A watched video of that channel: the Subscribe toggle and the owner's subscriber count. */
export function videoWithSubscription(video: WatchVideo, channelId: string, subscribed: boolean): WatchVideo {
  if (video.owner?._id !== channelId || video.isSubscribed === subscribed) return video;
  return { ...video, isSubscribed: subscribed, subscribers: Math.max(0, video.subscribers + (subscribed ? 1 : -1)) };
}

/** The channel's profile as another user sees it. */
export function channelWithSubscription(profile: ChannelProfile, subscribed: boolean): ChannelProfile {
  return profile.isSubscribed === subscribed ? profile : { ...profile, isSubscribed: subscribed };
}

/** The channel's totals: one subscriber more or less. */
export function statsWithSubscription(stats: ChannelStats, subscribed: boolean): ChannelStats {
  return { ...stats, totalSubscribers: Math.max(0, stats.totalSubscribers + (subscribed ? 1 : -1)) };
}

/** The viewer's own profile: one subscription more or less (the 'Subscriptions' activity tile). */
export function ownProfileWithSubscription(profile: OwnProfile, subscribed: boolean): OwnProfile {
  return { ...profile, subscriptions: Math.max(0, profile.subscriptions + (subscribed ? 1 : -1)) };
}

/** The viewer's subscriptions list without that channel. */
export function withoutChannel(list: Subscription[], channelId: string): Subscription[] {
  return list.filter((entry) => entry.subscribedTo?._id !== channelId);
}
