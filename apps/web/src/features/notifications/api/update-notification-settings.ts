import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import type { NotificationSettings, NotificationSettingsPatch } from '@streamhub/contract';
import { api, errorText } from '@/lib/api-client';
import { patchQueries } from '@/lib/optimistic';
import { toastError } from '@/lib/toast';
import { notificationKeys } from '../notification-keys';

/** PATCH /api/notifications/settings (API.md §13, §19): the types named change, in the app or by mail; the others stay. */
export function updateNotificationSettings(patch: NotificationSettingsPatch) {
  return api.patch<NotificationSettings>('/api/notifications/settings', { json: patch });
}

/** A toggle shows at once; a refusal puts it back and says why. */
export function useUpdateNotificationSettings() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: notificationKeys.settings(),
    mutationFn: updateNotificationSettings,
    onMutate: (patch) =>
      patchQueries<NotificationSettings>(queryClient, notificationKeys.settings(), (settings) => ({
        types: { ...settings.types, ...patch.types },
        email: { ...settings.email, ...patch.email },
      })),
    // While another toggle is on its way, this answer does not know of it yet: the last one sets the state.
    onSuccess: (settings) => {
      if (queryClient.isMutating({ mutationKey: notificationKeys.settings() }) <= 1) {
        queryClient.setQueryData(notificationKeys.settings(), settings);
      }
    },
    onError: (error, _patch, rollback) => {
      rollback?.();
      console.error('Could not save the notification settings', error);
      toastError(errorText(error, t('notificationSettings.saveFailed')));
    },
  });
}
