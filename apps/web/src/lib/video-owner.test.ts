import { describe, expect, it } from 'vitest';
import { cardOwner, channelHref } from './video-owner';

describe('cardOwner', () => {
  it('reads the first owner of the list', () => {
    const owner = { _id: 'o1', fullname: 'Olga', username: 'olga', avatar: '/a.png' };
    expect(cardOwner({ owner: [owner] })).toEqual(owner);
  });
  it('falls back to Unknown / unknown', () => {
    expect(cardOwner({ owner: [] })).toMatchObject({ _id: null, fullname: 'Unknown', username: 'unknown' });
    expect(cardOwner({})).toMatchObject({ _id: null, fullname: 'Unknown', avatar: '' });
  });
});

describe('channelHref', () => {
  it('opens /channel for yourself and /channel/{id} for others', () => {
    expect(channelHref('me', 'me')).toBe('/channel');
    expect(channelHref('o 1', 'me')).toBe('/channel/o%201');
    expect(channelHref(null, 'me')).toBeNull();
  });
});
