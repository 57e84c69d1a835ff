import type { Earnings } from '@streamhub/contract';

export type EarningsItem = Earnings['items'][number];

/** The items that earned most first (ties: most recent sale first), at most `limit` of them. */
export function topEarningItems(items: EarningsItem[] | null | undefined, limit = 5): EarningsItem[] {
  return [...(items ?? [])]
    .sort((a, b) => b.amount - a.amount || Date.parse(b.lastSaleAt) - Date.parse(a.lastSaleAt))
    .slice(0, limit);
}
