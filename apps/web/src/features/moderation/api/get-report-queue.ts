import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReportsPage, AdminReportsQuery } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { moderationKeys } from '../moderation-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/admin/reports (moderator, admin): reports with their reporter and target, oldest first. */
export function getReportQueue(params: AdminReportsQuery, signal?: AbortSignal) {
  return api.get<AdminReportsPage>('/api/admin/reports', { params, signal });
}

export const getReportQueueQueryOptions = (params: AdminReportsQuery) =>
  queryOptions({
    queryKey: moderationKeys.reports(params),
    queryFn: ({ signal }) => getReportQueue(params, signal),
    staleTime: ASKED_ON_EVERY_VISIT,
    placeholderData: keepPreviousData,
  });

export const useReportQueue = (params: AdminReportsQuery) => useQuery(getReportQueueQueryOptions(params));
