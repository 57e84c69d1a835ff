import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report, ReportReason, ReportTargetType } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { reportKeys } from '../report-keys';
import { reportBody } from '@/lib/report-reasons';

export type ReportDraft = { targetType: ReportTargetType; targetId: string; reason: ReportReason; text: string };

/** POST /api/reports (API.md §12): 201 with the open report; 409 when mine on it is still open. */
export function createReport({ targetType, targetId, reason, text }: ReportDraft) {
  return api.post<Report>('/api/reports', { json: reportBody(targetType, targetId, reason, text) });
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportKeys.mine() }),
  });
}
