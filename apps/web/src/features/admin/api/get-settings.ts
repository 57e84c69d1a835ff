import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InstanceSettings } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/admin/settings (admin): registrations, default quotas, instance name and terms. */
export function getSettings(signal?: AbortSignal) {
  return api.get<InstanceSettings>('/api/admin/settings', { signal });
}

export const getSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.settings(), queryFn: ({ signal }) => getSettings(signal), staleTime: ASKED_ON_EVERY_VISIT });

export const useSettings = () => useQuery(getSettingsQueryOptions());
