import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockedWords } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { channelBlockKeys } from '../channel-block-keys';

/** PUT /api/channel/blocked-words: the whole list replaces the old one. */
export function saveBlockedWords(words: string[]) {
  return api.put<BlockedWords>('/api/channel/blocked-words', { json: { words } });
}

export function useSaveBlockedWords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBlockedWords,
    onSuccess: (saved) => queryClient.setQueryData(channelBlockKeys.words(), saved),
  });
}
