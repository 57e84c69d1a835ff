import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { syncCurrentUserFromCookie } from '@/lib/auth';

export type LoginInput = { identifier: string; password: string; signal?: AbortSignal };

/** POST /api/users/login; SPEC §5: the single identifier is sent as both username and email. */
export function login({ identifier, password, signal }: LoginInput) {
  return api.post<{ user: CurrentUser }>('/api/users/login', {
    json: { username: identifier, email: identifier, password },
    signal,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    // A refusal is the form's to show, not a reason to go to sign-in (lib/query-client.ts).
    meta: { anonymous: true },
    mutationFn: login,
    onSuccess: () => {
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      syncCurrentUserFromCookie();
    },
  });
}
