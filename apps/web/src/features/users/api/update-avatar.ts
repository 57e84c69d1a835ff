import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { refreshProfile } from '../refresh-profile';

/** PATCH /api/users/update_avatar, multipart {avatar}. */
export function updateAvatar(avatar: File) {
  const form = new FormData();
  form.append('avatar', avatar);
  return api.patch<CurrentUser>('/api/users/update_avatar', { form });
}

export function useUpdateAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAvatar,
    onSuccess: (user) => refreshProfile(queryClient, user),
  });
}
