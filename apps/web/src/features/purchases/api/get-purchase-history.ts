import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchaseHistory } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { purchaseKeys } from '../purchase-keys';
import { purchaseSections } from '../purchase-history';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/purchase/track: videos, playlists and upload slots bought, as SPEC §2 sections. */
export async function getPurchaseHistory(signal?: AbortSignal) {
  const data = await api.get<Partial<PurchaseHistory> | null>('/api/purchase/track', { signal });
  return purchaseSections(data);
}

export const getPurchaseHistoryQueryOptions = () =>
  queryOptions({
    queryKey: purchaseKeys.history(),
    queryFn: ({ signal }) => getPurchaseHistory(signal),
    staleTime: ASKED_ON_EVERY_VISIT,
  });

export const usePurchaseHistory = () => useQuery(getPurchaseHistoryQueryOptions());
