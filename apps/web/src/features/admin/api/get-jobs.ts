import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobsView } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/admin/jobs (admin): job counts per queue and state, and the latest failures. */
export function getJobs(signal?: AbortSignal) {
  return api.get<JobsView>('/api/admin/jobs', { signal });
}

export const getJobsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.jobs(), queryFn: ({ signal }) => getJobs(signal), staleTime: ASKED_ON_EVERY_VISIT });

export const useJobs = () => useQuery(getJobsQueryOptions());
