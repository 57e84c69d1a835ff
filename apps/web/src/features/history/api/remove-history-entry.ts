import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { api } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { historyKeys } from '@/lib/query-keys';

/** DELETE /api/watchHistory/remove/:entryId (own entries only). */
export function removeHistoryEntry(entryId: string) {
  return api.delete<unknown>(`/api/watchHistory/remove/${encodeURIComponent(entryId)}`);
}

export function useRemoveHistoryEntry() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: removeHistoryEntry,
    onSuccess: () => {
      toastSuccess(t('removeToast.removed'));
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    },
    onError: (error) => {
      console.error('Could not remove the history entry', error);
      toastError(t('removeToast.error'));
    },
  });
}
