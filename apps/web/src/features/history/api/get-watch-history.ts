import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { groupHistory } from '../history-groups';
import { historyKeys } from '@/lib/query-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/watchHistory: entries newest first (API.md §7), grouped by day. */
export async function getWatchHistory(signal?: AbortSignal) {
  const data = await api.get<HistoryEntry[] | null>('/api/watchHistory', { signal });
  return groupHistory(Array.isArray(data) ? data : []);
}

export const getWatchHistoryQueryOptions = () =>
  queryOptions({
    queryKey: historyKeys.list(),
    queryFn: ({ signal }) => getWatchHistory(signal),
    staleTime: ASKED_ON_EVERY_VISIT,
  });

export const useWatchHistory = () => useQuery(getWatchHistoryQueryOptions());
