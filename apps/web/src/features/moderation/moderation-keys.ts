import type { AdminReportsQuery } from '@streamhub/contract';

/** Query keys of the moderation queue (API.md §12). */
export const moderationKeys = {
  all: ['moderation'] as const,
  /** GET /api/admin/reports?state&targetType&reason&page */
  reports: (params: AdminReportsQuery) => [...moderationKeys.all, 'reports', params] as const,
};
