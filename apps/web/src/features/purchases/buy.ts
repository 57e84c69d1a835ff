import type { PurchaseRecord } from '@streamhub/contract';
import { api } from '@/lib/api-client';

/**
 * The buy calls are GET, as SPEC §7 makes them. The server refuses them cross-site like any other
 * state change (API.md §2), and the idempotency key makes a repeated request charge once.
 */
export function buy(path: string, idempotencyKey: string) {
  return api.get<PurchaseRecord>(`/api/purchase/buy/${path}`, { headers: { 'Idempotency-Key': idempotencyKey } });
}
