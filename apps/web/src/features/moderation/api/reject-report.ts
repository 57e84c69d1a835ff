import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { moderationKeys } from '../moderation-keys';

/** POST /api/admin/reports/:id/reject: closes a report without acting; the note is kept. */
export function rejectReport({ reportId, note }: { reportId: string; note: string }) {
  return api.post<Report>(`/api/admin/reports/${encodeURIComponent(reportId)}/reject`, {
    json: note.trim() ? { note: note.trim() } : {},
  });
}

export function useRejectReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectReport,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
