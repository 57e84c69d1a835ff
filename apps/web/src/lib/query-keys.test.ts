import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  channelKeys,
  commentKeys,
  historyKeys,
  likeKeys,
  postKeys,
  subscriptionKeys,
  userKeys,
  videoKeys,
  watchKeys,
} from './query-keys';

const factories = { userKeys, channelKeys, videoKeys, watchKeys, commentKeys, likeKeys, historyKeys, subscriptionKeys, postKeys };

/** Every key a factory can build, with sample arguments. */
function sampleKeys(): Array<readonly unknown[]> {
  return [
    userKeys.me(),
    channelKeys.own(),
    channelKeys.detail('own'),
    channelKeys.stats('c1'),
    videoKeys.list({ page: 1 }),
    videoKeys.channel('c1'),
    videoKeys.details('v1'),
    watchKeys.video('v1'),
    watchKeys.more('c1'),
    watchKeys.track('v1'),
    commentKeys.list('video', 'v1'),
    commentKeys.list('post', 'v1'),
    likeKeys.videos(),
    historyKeys.list(),
    subscriptionKeys.mine(),
    subscriptionKeys.subscribers('c1'),
    postKeys.byUser('u1'),
    postKeys.detail('p1'),
  ];
}

describe('query key factories', () => {
  it('start every key with its feature noun, so `all` reaches all of a feature', () => {
    for (const [name, factory] of Object.entries(factories)) {
      const noun = factory.all[0];
      expect(name.startsWith(noun.replace(/s$/, '')), name).toBe(true);
    }
    for (const key of sampleKeys()) {
      expect(Object.values(factories).some((f) => f.all[0] === key[0])).toBe(true);
    }
  });

  it('never gives two calls the same key, even for look-alike ids', () => {
    // `own` as a channel id must not hit the own-channel entry (it once shared ['channels', id]).
    const serialized = sampleKeys().map((key) => JSON.stringify(key));
    expect(new Set(serialized).size).toBe(serialized.length);
    expect(channelKeys.detail('own')).not.toEqual(channelKeys.own());
    expect(commentKeys.list('video', 'x')).not.toEqual(commentKeys.list('post', 'x'));
  });

  it('prefixes match the queries they are meant to reach', () => {
    const client = new QueryClient();
    client.setQueryData(watchKeys.video('v1'), 1);
    client.setQueryData(watchKeys.more('c1'), 2);
    client.setQueryData(postKeys.byUser('u1'), 3);
    client.setQueryData(postKeys.detail('p1'), 4);
    expect(client.getQueriesData({ queryKey: watchKeys.videos() }).map(([, v]) => v)).toEqual([1]);
    expect(client.getQueriesData({ queryKey: postKeys.lists() }).map(([, v]) => v)).toEqual([3]);
    expect(client.getQueriesData({ queryKey: postKeys.details() }).map(([, v]) => v)).toEqual([4]);
    expect(client.getQueriesData({ queryKey: postKeys.all })).toHaveLength(2);
  });

  it('keeps list parameters in the key', () => {
    expect(videoKeys.list({ page: 2, query: 'cats' })).toEqual(['videos', 'list', { page: 2, query: 'cats' }]);
  });
});
