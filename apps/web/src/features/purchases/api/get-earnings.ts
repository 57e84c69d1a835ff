import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Earnings } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { purchaseKeys } from '../purchase-keys';

/** GET /api/purchase/earnings: the signed-in creator's earnings after the platform fee. */
export function getEarnings(signal?: AbortSignal) {
  return api.get<Earnings>('/api/purchase/earnings', { signal });
}

export const getEarningsQueryOptions = () =>
  queryOptions({ queryKey: purchaseKeys.earnings(), queryFn: ({ signal }) => getEarnings(signal) });

export const useEarnings = () => useQuery(getEarningsQueryOptions());
