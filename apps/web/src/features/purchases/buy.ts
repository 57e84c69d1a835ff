import type { PendingCheckout, PurchaseRecord } from '@streamhub/contract';
import { api } from '@/lib/api-client';

/**
 * The buy calls are GET, as SPEC §7 makes them. The server refuses them cross-site like any other
 * state change (API.md §2), and the idempotency key makes a repeated request charge once.
 */
/** A bought item's record, or (a provider that settles later, API.md §20) the checkout to send the buyer to. */
export type BuyAnswer = PurchaseRecord | PendingCheckout;

export function buy(path: string, idempotencyKey: string) {
  return api.get<BuyAnswer>(`/api/purchase/buy/${path}`, { headers: { 'Idempotency-Key': idempotencyKey } });
}
