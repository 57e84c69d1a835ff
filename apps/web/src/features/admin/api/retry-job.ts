import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../admin-keys';

/** POST /api/admin/jobs/:id/retry (admin): runs a failed job again. */
export function retryJob(jobId: string) {
  return api.post<Record<string, never>>(`/api/admin/jobs/${encodeURIComponent(jobId)}/retry`);
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.jobs() }),
  });
}
