import { describe, expect, it } from 'vitest';
import { isWholeMinorUnits, priceField, toAmount, toMinorUnits } from './money.ts';
import { CreatePlaylistBody } from './playlists.ts';

describe('money', () => {
  it('converts between currency units and integer minor units', () => {
    expect(toMinorUnits(4.99)).toBe(499);
    expect(toMinorUnits(20.1)).toBe(2010);
    expect(toAmount(2010)).toBe(20.1);
    expect(toAmount(null)).toBe(0);
    expect(isWholeMinorUnits(0.29)).toBe(true);
    expect(isWholeMinorUnits(0.295)).toBe(false);
  });

  it('reads a price from a number or a numeric string, and nothing else', () => {
    const price = priceField();
    expect(price.parse(30)).toBe(30);
    expect(price.parse(' 30.5 ')).toBe(30.5);
    for (const bad of [true, null, [], {}, '', 'abc', '1e3', -1, '-5', 1_000_001, 20.005, Number.NaN]) {
      expect(price.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(price.safeParse(-1).error?.issues[0]?.message).toBe('Price cannot be negative');
  });

  it('a playlist price counts only when exclusive, and then is at least 20', () => {
    expect(CreatePlaylistBody.safeParse({ name: 'a', description: '', isExclusive: true, price: 19.99 }).success).toBe(false);
    expect(CreatePlaylistBody.parse({ name: ' a ', description: '', isExclusive: 'true', price: '20' })).toEqual({
      name: 'a',
      description: '',
      isExclusive: true,
      price: 20,
      visibility: 'public',
    });
    expect(CreatePlaylistBody.safeParse({ name: 'a', description: '', price: -3 }).success).toBe(false);
    expect(CreatePlaylistBody.safeParse({ name: 'a\u0000', description: '' }).success).toBe(false);
    expect(CreatePlaylistBody.safeParse({ name: '   ', description: '' }).success).toBe(false);
    expect(CreatePlaylistBody.safeParse({ name: 'a' }).success).toBe(false);
  });
});
