import { describe, expect, it } from 'vitest';
import type { ChannelProfile, OwnProfile, Subscription, WatchVideo } from '@streamhub/contract';
import {
  channelWithSubscription,
  ownProfileWithSubscription,
  statsWithSubscription,
  videoWithSubscription,
  withoutChannel,
} from './subscription-cache';

const owner = { _id: 'c1', username: 'cara', fullname: 'Cara', avatar: '' };
const video = { _id: 'v1', owner, isSubscribed: false, subscribers: 4 } as WatchVideo;

describe('videoWithSubscription', () => {
  it('moves the count by one with the toggle', () => {
    const subscribed = videoWithSubscription(video, 'c1', true);
    expect([subscribed.isSubscribed, subscribed.subscribers]).toEqual([true, 5]);
    const back = videoWithSubscription(subscribed, 'c1', false);
    expect([back.isSubscribed, back.subscribers]).toEqual([false, 4]);
  });
  it('leaves other channels and an already applied state alone', () => {
    expect(videoWithSubscription(video, 'other', true)).toBe(video);
    expect(videoWithSubscription(video, 'c1', false)).toBe(video);
  });
  it('never goes below zero', () => {
    expect(videoWithSubscription({ ...video, isSubscribed: true, subscribers: 0 }, 'c1', false).subscribers).toBe(0);
  });
});

describe('channel, stats and own profile', () => {
  it('flip the flag and move the counts', () => {
    const profile = { _id: 'c1', isSubscribed: false } as ChannelProfile;
    expect(channelWithSubscription(profile, true).isSubscribed).toBe(true);
    expect(channelWithSubscription(profile, false)).toBe(profile);
    const stats = { totalVideos: 1, totalPosts: 0, totalSubscribers: 1, totalPlaylists: 0, totalLikes: 0, totalViews: 0 };
    expect(statsWithSubscription(stats, true).totalSubscribers).toBe(2);
    expect(statsWithSubscription(stats, false).totalSubscribers).toBe(0);
    expect(statsWithSubscription({ ...stats, totalSubscribers: 0 }, false).totalSubscribers).toBe(0);
    expect(ownProfileWithSubscription({ subscriptions: 2 } as OwnProfile, false).subscriptions).toBe(1);
  });
});

describe('withoutChannel', () => {
  it('drops the unsubscribed channel from the list', () => {
    const list: Subscription[] = [
      { _id: 's1', subscribedTo: { ...owner, subscribers: 3 } },
      { _id: 's2', subscribedTo: { ...owner, _id: 'c2', subscribers: 1 } },
    ];
    expect(withoutChannel(list, 'c1').map((s) => s._id)).toEqual(['s2']);
  });
});
