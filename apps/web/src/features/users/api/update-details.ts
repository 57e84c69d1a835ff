import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { refreshProfile } from '../refresh-profile';

/** PATCH /api/users/update_details {fullname}. */
export function updateDetails(input: { fullname: string }) {
  return api.patch<CurrentUser>('/api/users/update_details', { json: input });
}

export function useUpdateDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDetails,
    onSuccess: (user) => refreshProfile(queryClient, user),
  });
}
