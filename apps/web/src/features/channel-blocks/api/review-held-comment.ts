import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import type { HeldComment } from '@streamhub/contract';
import { api, errorText } from '@/lib/api-client';
import { commentKeys } from '@/lib/query-keys';
import { toastError, toastSuccess } from '@/lib/toast';
import { channelBlockKeys } from '../channel-block-keys';

type Review = { comment: HeldComment; approve: boolean };

/** POST /api/channel/held-comments/:id/approve (it shows) or DELETE /api/channel/held-comments/:id. */
export function reviewHeldComment({ comment, approve }: Review) {
  const path = `/api/channel/held-comments/${encodeURIComponent(comment._id)}`;
  return approve ? api.post<Record<string, never>>(`${path}/approve`) : api.delete<Record<string, never>>(path);
}

export function useReviewHeldComment() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewHeldComment,
    onSuccess: (_data, { comment, approve }) => {
      queryClient.setQueryData<HeldComment[]>(channelBlockKeys.held(), (list) => list?.filter((c) => c._id !== comment._id));
      // An approved comment joins its video's or post's list.
      if (approve) void queryClient.invalidateQueries({ queryKey: commentKeys.list(comment.parent.type, comment.parent._id) });
      toastSuccess(approve ? t('blocksApi.approved') : t('blocksApi.deleted'));
    },
    onError: (error) => toastError(errorText(error, t('blocksApi.failed'))),
  });
}
