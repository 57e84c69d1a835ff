import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersPage, AdminUsersQuery } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

/** GET /api/admin/users (admin): a search in names and emails, an optional filter, 20 a page. */
export function getAdminUsers(params: AdminUsersQuery, signal?: AbortSignal) {
  return api.get<AdminUsersPage>('/api/admin/users', { params, signal });
}

export const getAdminUsersQueryOptions = (params: AdminUsersQuery) =>
  queryOptions({
    queryKey: adminKeys.users(params),
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    // The list keeps its rows while the next search or page loads.
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (params: AdminUsersQuery) => useQuery(getAdminUsersQueryOptions(params));
