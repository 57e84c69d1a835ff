import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountExport } from '@streamhub/contract';
import { api } from '@/lib/api-client';

const exportKey = ['users', 'me', 'export'] as const;

/** GET /api/users/me/export: my newest data export, or null (API.md §19). Asked again every 5 s while it is made. */
export const getAccountExportQueryOptions = () =>
  queryOptions({
    queryKey: exportKey,
    queryFn: ({ signal }) => api.get<AccountExport | null>('/api/users/me/export', { signal }),
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? 5000 : false),
    meta: { ssr: false },
  });

export const useAccountExport = () => useQuery(getAccountExportQueryOptions());

/** POST /api/users/me/export: a new export of my data (one a day). */
export function useRequestAccountExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<AccountExport>('/api/users/me/export'),
    onSuccess: (created) => queryClient.setQueryData(exportKey, created),
  });
}

/** Where the zip of a ready export is downloaded (its owner's cookie goes with the link). */
export const accountExportUrl = (exportId: string) => `/api/users/me/export/${encodeURIComponent(exportId)}`;
