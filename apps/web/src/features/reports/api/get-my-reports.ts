import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Report } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { reportKeys } from '../report-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/reports/mine (API.md §12): the reports I made, with their states. */
export function getMyReports(signal?: AbortSignal) {
  return api.get<Report[]>('/api/reports/mine', { signal });
}

export const getMyReportsQueryOptions = () =>
  queryOptions({ queryKey: reportKeys.mine(), queryFn: ({ signal }) => getMyReports(signal), staleTime: ASKED_ON_EVERY_VISIT });

export const useMyReports = () => useQuery(getMyReportsQueryOptions());
