import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import { api, errorText } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { channelBlockKeys } from '../channel-block-keys';

type BlockChange = { userId: string; username: string; blocked: boolean };

/** POST (block) or DELETE (unblock) /api/channel/blocks/:userId: a blocked user's comments on my videos and posts are refused. */
export function setBlocked({ userId, blocked }: BlockChange) {
  const path = `/api/channel/blocks/${encodeURIComponent(userId)}`;
  return blocked ? api.post<Record<string, never>>(path) : api.delete<Record<string, never>>(path);
}

export function useSetBlocked() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlocked,
    onSuccess: (_data, { username, blocked }) => {
      void queryClient.invalidateQueries({ queryKey: channelBlockKeys.blocks() });
      toastSuccess(blocked ? t('blocksApi.blocked', { username }) : t('blocksApi.unblocked', { username }));
    },
    onError: (error) => toastError(errorText(error, t('blocksApi.failed'))),
  });
}
