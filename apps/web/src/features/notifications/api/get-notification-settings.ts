import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { notificationKeys } from '../notification-keys';

/** GET /api/notifications/settings (API.md §13): every type, on or off. */
export function getNotificationSettings(signal?: AbortSignal) {
  return api.get<NotificationSettings>('/api/notifications/settings', { signal });
}

export const getNotificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.settings(), queryFn: ({ signal }) => getNotificationSettings(signal) });

export const useNotificationSettings = () => useQuery(getNotificationSettingsQueryOptions());
