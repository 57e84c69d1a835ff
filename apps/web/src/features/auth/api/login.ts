import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { syncCurrentUserFromCookie } from '@/lib/auth';

export type LoginInput = { identifier: string; password: string; code?: string; signal?: AbortSignal };

/** With two factors on, a right password without `code` answers this and sets no cookie (API.md §19). */
export type LoginAnswer = { user: CurrentUser } | { twoFactorRequired: true };

/** POST /api/users/login; SPEC §5: the single identifier is sent as both username and email. */
export function login({ identifier, password, code, signal }: LoginInput) {
  return api.post<LoginAnswer>('/api/users/login', {
    json: { username: identifier, email: identifier, password, ...(code ? { code } : {}) },
    signal,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    // A refusal is the form's to show, not a reason to go to sign-in (lib/query-client.ts).
    meta: { anonymous: true },
    mutationFn: login,
    onSuccess: (answer) => {
      // The second step has not happened yet: no session, nothing to reset.
      if ('twoFactorRequired' in answer) return;
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      syncCurrentUserFromCookie();
    },
  });
}

/** Signs in with a passkey (API.md §19): the server's options, the browser's ceremony, the server's check. */
export async function loginWithPasskey() {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const options = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>('/api/users/login/passkey/options');
  const credential = await startAuthentication({ optionsJSON: options });
  return api.post<{ user: CurrentUser }>('/api/users/login/passkey', { json: { credential } });
}

export function usePasskeyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { anonymous: true },
    mutationFn: loginWithPasskey,
    onSuccess: () => {
      queryClient.clear();
      syncCurrentUserFromCookie();
    },
  });
}
