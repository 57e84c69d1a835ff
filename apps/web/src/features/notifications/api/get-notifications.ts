import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationsPage, type Unread } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { notificationKeys } from '../notification-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/notifications?page (API.md §13): 20 a page, newest first, with the unread count. */
export function getNotifications(page: number, signal?: AbortSignal) {
  return api.get<NotificationsPage>('/api/notifications', { params: { page }, signal });
}

export const getNotificationsQueryOptions = (onUnread: (unread: Unread) => void) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: async ({ pageParam, signal }) => {
      const page = await getNotifications(pageParam, signal);
      onUnread({ unread: page.unread });
      return page;
    },
    initialPageParam: 1,
    // A full page may have more behind it; a short one is the last.
    getNextPageParam: (last, _pages, pageParam) => (last.items.length >= NOTIFICATIONS_PAGE_SIZE ? pageParam + 1 : undefined),
    // The stream keeps loaded pages current; opening the bell or the page again refreshes them.
    staleTime: ASKED_ON_EVERY_VISIT,
  });

/** The notifications, a page at a time ('Load more'); each answer also refreshes the bell's count. */
export function useNotifications() {
  const queryClient = useQueryClient();
  return useInfiniteQuery(getNotificationsQueryOptions((unread) => queryClient.setQueryData(notificationKeys.unread(), unread)));
}
