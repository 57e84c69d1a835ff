import { describe, expect, it } from 'vitest';
import { channelNavigationState, isChannelOwner, readChannelNavigationState } from './channel-state';

describe('channel navigation state', () => {
  it('round-trips the public channel fields only', () => {
    const state = channelNavigationState({
      _id: 'c1',
      username: 'ann',
      fullname: 'Ann',
      avatar: '/a.png',
      ...{ email: 'private@example.com' },
    });
    expect(state).toEqual({ channel: { _id: 'c1', username: 'ann', fullname: 'Ann', avatar: '/a.png' } });
    expect(readChannelNavigationState(state)).toEqual(state.channel);
  });

  it('ignores missing or malformed state', () => {
    expect(readChannelNavigationState(null)).toBeNull();
    expect(readChannelNavigationState({ channel: { _id: 1 } })).toBeNull();
    expect(readChannelNavigationState('x')).toBeNull();
  });
});

describe('isChannelOwner (SPEC §6)', () => {
  it('is the signed-in user without a channel id or with their own', () => {
    expect(isChannelOwner(undefined, 'u1')).toBe(true);
    expect(isChannelOwner('u1', 'u1')).toBe(true);
    expect(isChannelOwner('u2', 'u1')).toBe(false);
    expect(isChannelOwner(undefined, undefined)).toBe(false);
  });
});
