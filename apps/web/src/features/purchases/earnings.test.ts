import { describe, expect, it } from 'vitest';
import { topEarningItems, type EarningsItem } from './earnings';

const item = (id: string, amount: number, lastSaleAt = '2026-01-01T00:00:00Z'): EarningsItem => ({
  kind: 'video',
  _id: id,
  title: id,
  sales: 1,
  amount,
  lastSaleAt,
});

describe('earnings', () => {
  it('lists the best earners first, the latest sale breaking ties, up to the limit', () => {
    const items = [item('a', 5), item('b', 30), item('c', 5, '2026-02-01T00:00:00Z'), item('d', 1)];
    expect(topEarningItems(items, 3).map((i) => i._id)).toEqual(['b', 'c', 'a']);
    expect(topEarningItems(undefined)).toEqual([]);
  });
});
