import type { PurchaseRecord } from '@streamhub/contract';
import { api } from '@/lib/api-client';

/**
 * The buy calls are GET in the spec; the server takes POST on the same paths too (API.md §11),
 * which no prefetcher or crawler sends. The idempotency key makes a repeated request charge once.
 */
export function buy(path: string, idempotencyKey: string) {
  return api.post<PurchaseRecord>(`/api/purchase/buy/${path}`, { headers: { 'Idempotency-Key': idempotencyKey } });
}
