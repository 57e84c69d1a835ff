import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscriber } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from '@/lib/query-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/subscription/channel/:channelId: the channel's subscribers (API.md §8). */
export async function getSubscribers(channelId: string, signal?: AbortSignal): Promise<Subscriber[]> {
  const data = await api.get<Subscriber[] | null>(`/api/subscription/channel/${encodeURIComponent(channelId)}`, { signal });
  return Array.isArray(data) ? data.filter((entry) => entry?.subscriber?._id) : [];
}

export const getSubscribersQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.subscribers(channelId),
    queryFn: ({ signal }) => getSubscribers(channelId, signal),
    staleTime: ASKED_ON_EVERY_VISIT,
  });

export const useSubscribers = (channelId: string) => useQuery(getSubscribersQueryOptions(channelId));
