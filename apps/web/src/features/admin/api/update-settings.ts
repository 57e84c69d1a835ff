import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstanceSettings, SettingsPatch } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

/** PATCH /api/admin/settings (admin): the fields that changed; answers the whole settings. */
export function updateSettings(patch: SettingsPatch) {
  return api.patch<InstanceSettings>('/api/admin/settings', { json: patch });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(adminKeys.settings(), settings),
  });
}
