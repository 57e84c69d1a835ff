import { useEffect } from 'react';
import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NotificationItem, Unread } from '@streamhub/contract';
import { hasNotification, withNewNotification, type NotificationPages } from './notification-cache';
import { notificationKeys } from './notification-keys';
import { whenIdle } from '@/lib/when-idle';
import { openNotificationStream } from './notification-stream';
import { toastMessage } from '@/lib/toast';

/** How long a live notification's toast stays. */
export const NOTIFICATION_TOAST_MS = 5000;

/** A live item: one more unread on the bell, on top of the loaded list, and a toast with its text. */
function receive(queryClient: QueryClient, item: NotificationItem) {
  const list = queryClient.getQueryData<NotificationPages>(notificationKeys.list());
  if (hasNotification(list, item._id)) return;
  if (!item.read) {
    const unread = queryClient.getQueryData<Unread>(notificationKeys.unread());
    if (unread) queryClient.setQueryData<Unread>(notificationKeys.unread(), { unread: unread.unread + 1 });
    else void queryClient.invalidateQueries({ queryKey: notificationKeys.unread() });
  }
  if (list) queryClient.setQueryData<NotificationPages>(notificationKeys.list(), withNewNotification(list, item));
  // A re-read on its way (the stream's first open re-reads what the page had) may have been read
  // before this item was written, and its answer would put the list and the count back without it.
  for (const queryKey of [notificationKeys.list(), notificationKeys.unread()]) {
    if (queryClient.isFetching({ queryKey, exact: true }) > 0) readAgainAfter(queryClient, queryKey);
  }
  toastMessage(item.text, { id: `notification-${item._id}`, duration: NOTIFICATION_TOAST_MS });
}

/** Reads `queryKey` again once its fetch on the way has answered (or failed). */
function readAgainAfter(queryClient: QueryClient, queryKey: readonly unknown[]) {
  const hash = hashKey(queryKey);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== hash) return;
    if (event.action.type !== 'success' && event.action.type !== 'error') return;
    unsubscribe();
    void queryClient.invalidateQueries({ queryKey, exact: true });
  });
}

/**
 * The signed-in tab's one live connection (the shell opens it): new notifications arrive as they
 * happen. It closes on sign-out (`userId` null) or when the shell goes, and starts again for another
 * account signed in meanwhile. A server without the stream only means no live updates: the bell
 * still reads its count.
 */
export function useNotificationStream(userId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    // Opened once the page is idle, not among the effects of its take-over: what arrives in
    // between is read again when the stream connects (onConnected).
    let close: (() => void) | undefined;
    const cancel = whenIdle(() => {
      close = openNotificationStream({
        onItem: (item) => receive(queryClient, item),
        onConnected: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      });
    });
    return () => {
      cancel();
      close?.();
    };
  }, [userId, queryClient]);
}
