import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { historyKeys } from '@/lib/query-keys';

/** DELETE /api/watchHistory/remove/:entryId (own entries only). */
export function removeHistoryEntry(entryId: string) {
  return api.delete<unknown>(`/api/watchHistory/remove/${encodeURIComponent(entryId)}`);
}

export function useRemoveHistoryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeHistoryEntry,
    onSuccess: () => {
      toastSuccess('Removed!');
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    },
    onError: (error) => {
      console.error('Could not remove the history entry', error);
      toastError('Error');
    },
  });
}
