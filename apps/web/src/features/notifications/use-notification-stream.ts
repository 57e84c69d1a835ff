import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { NotificationItem, Unread } from '@streamhub/contract';
import { hasNotification, withNewNotification, type NotificationPages } from './notification-cache';
import { notificationKeys } from './notification-keys';
import { openNotificationStream } from './notification-stream';

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
  toast(item.text, { id: `notification-${item._id}`, duration: NOTIFICATION_TOAST_MS });
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
    return openNotificationStream({
      onItem: (item) => receive(queryClient, item),
      onConnected: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    });
  }, [userId, queryClient]);
}
