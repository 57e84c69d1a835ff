import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobsView } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

/** GET /api/admin/jobs (admin): job counts per queue and state, and the latest failures. */
export function getJobs(signal?: AbortSignal) {
  return api.get<JobsView>('/api/admin/jobs', { signal });
}

export const getJobsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.jobs(), queryFn: ({ signal }) => getJobs(signal), staleTime: 0 });

export const useJobs = () => useQuery(getJobsQueryOptions());
