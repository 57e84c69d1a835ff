import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MoreVideo } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { watchKeys } from '@/lib/query-keys';

/** GET /api/dashboard/more/:ownerId: up to 12 more videos from the owner (API.md §5). */
export async function getMoreVideos(ownerId: string, signal?: AbortSignal) {
  const data = await api.get<MoreVideo[] | null>(`/api/dashboard/more/${encodeURIComponent(ownerId)}`, { signal });
  return Array.isArray(data) ? data : [];
}

export const getMoreVideosQueryOptions = (ownerId: string) =>
  queryOptions({
    queryKey: watchKeys.more(ownerId),
    queryFn: ({ signal }) => getMoreVideos(ownerId, signal),
  });

export const useMoreVideos = (ownerId: string | undefined) =>
  useQuery({ ...getMoreVideosQueryOptions(ownerId ?? ''), enabled: Boolean(ownerId) });
