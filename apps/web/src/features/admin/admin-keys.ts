import type { AdminUsersQuery } from '@streamhub/contract';

/** Query keys of the administration pages (API.md §12). */
export const adminKeys = {
  all: ['admin'] as const,
  /** GET /api/admin/users?query&filter&page */
  users: (params: AdminUsersQuery) => [...adminKeys.all, 'users', params] as const,
  usersAll: () => [...adminKeys.all, 'users'] as const,
  /** GET /api/admin/settings */
  settings: () => [...adminKeys.all, 'settings'] as const,
  /** GET /api/admin/audit?page */
  audit: (page: number) => [...adminKeys.all, 'audit', page] as const,
  /** GET /api/admin/jobs */
  jobs: () => [...adminKeys.all, 'jobs'] as const,
};
