import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import type { MarkNotificationsRead, Unread } from '@streamhub/contract';
import { api, errorText } from '@/lib/api-client';
import { toastError } from '@/lib/toast';
import { withRead, type NotificationPages } from '../notification-cache';
import { notificationKeys } from '../notification-keys';

/** POST /api/notifications/read (API.md §13): these ids, or every notification when `ids` is absent. */
export function markRead(body: MarkNotificationsRead) {
  return api.post<Unread>('/api/notifications/read', { json: body });
}

/** Marks read, then shows the items read and the server's unread count (no refetch). */
export function useMarkRead() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (answer, { ids }) => {
      queryClient.setQueryData(notificationKeys.unread(), answer);
      queryClient.setQueryData<NotificationPages>(notificationKeys.list(), (data) =>
        data ? withRead(data, ids, answer.unread) : data,
      );
    },
    onError: (error) => {
      console.error('Could not mark notifications read', error);
      toastError(errorText(error, t('notifications.markReadFailed')));
    },
  });
}
