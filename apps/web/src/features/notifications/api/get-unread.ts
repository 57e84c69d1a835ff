import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Unread } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { notificationKeys } from '../notification-keys';

/** GET /api/notifications/unread (API.md §13): the bell's count (a counter on the server, not a count of rows). */
export function getUnread(signal?: AbortSignal) {
  return api.get<Unread>('/api/notifications/unread', { signal });
}

export const getUnreadQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => getUnread(signal),
    // The stream bumps it as items arrive; coming back to the tab re-reads it in case the stream was down.
    refetchOnWindowFocus: true,
  });

export const useUnread = ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...getUnreadQueryOptions(), enabled });
