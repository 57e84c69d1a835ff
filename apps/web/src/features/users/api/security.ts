import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Passkey } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { refreshProfile } from '../refresh-profile';

/** The Security page's calls (API.md §19): two factors, passkeys, sign out everywhere. */
const PASSKEYS_KEY = ['passkeys'] as const;

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.post<{ secret: string; otpauthUrl: string }>('/api/users/2fa/setup') });
}

export function useTwoFactorEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ recoveryCodes: string[] }>('/api/users/2fa/enable', { json: { code } }),
    onSuccess: () => refreshProfile(queryClient),
  });
}

export function useTwoFactorDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password: string; code: string }) =>
      api.post<Record<string, never>>('/api/users/2fa/disable', { json: input }),
    onSuccess: () => refreshProfile(queryClient),
  });
}

export const getPasskeysQueryOptions = () =>
  queryOptions({ queryKey: PASSKEYS_KEY, queryFn: ({ signal }) => api.get<Passkey[]>('/api/users/passkeys', { signal }) });

export function usePasskeys() {
  return useQuery(getPasskeysQueryOptions());
}

/** Registers a passkey: the server's options, the browser's ceremony (@simplewebauthn/browser), the server's check. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const options = await api.post<Parameters<typeof startRegistration>[0]['optionsJSON']>('/api/users/passkeys/options');
      const credential = await startRegistration({ optionsJSON: options });
      return api.post<Passkey>('/api/users/passkeys', { json: { credential, ...(name ? { name } : {}) } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<Record<string, never>>(`/api/users/passkeys/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
  });
}

export function useEndAllSessions() {
  return useMutation({ mutationFn: () => api.post<Record<string, never>>('/api/users/sessions/end-all') });
}
