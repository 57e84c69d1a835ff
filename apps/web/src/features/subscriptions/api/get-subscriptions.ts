import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from '@/lib/query-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/subscription: the channels the viewer subscribes to, with their subscriber counts (API.md §8). */
export async function getSubscriptions(signal?: AbortSignal): Promise<Subscription[]> {
  const data = await api.get<Subscription[] | null>('/api/subscription', { signal });
  return Array.isArray(data) ? data.filter((entry) => entry?.subscribedTo?._id) : [];
}

export const getSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionKeys.mine(),
    queryFn: ({ signal }) => getSubscriptions(signal),
    staleTime: ASKED_ON_EVERY_VISIT,
  });

export const useSubscriptions = () => useQuery(getSubscriptionsQueryOptions());
