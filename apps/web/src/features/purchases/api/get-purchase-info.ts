import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PurchaseInfo } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { purchaseKeys } from '../purchase-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/purchase/info/:videoId: {hasAccess, video} without file URLs (API.md §11). */
export function getPurchaseInfo(videoId: string, signal?: AbortSignal) {
  return api.get<PurchaseInfo>(`/api/purchase/info/${encodeURIComponent(videoId)}`, { signal });
}

export const getPurchaseInfoQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: purchaseKeys.info(videoId),
    queryFn: ({ signal }) => getPurchaseInfo(videoId, signal),
    // Access changes with a purchase elsewhere (another tab, a playlist): always ask again.
    staleTime: ASKED_ON_EVERY_VISIT,
  });

export const usePurchaseInfo = (videoId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getPurchaseInfoQueryOptions(videoId), enabled });
