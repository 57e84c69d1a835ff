import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockedWords } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { channelBlockKeys } from '../channel-block-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/channel/blocked-words: comments with one of them are held for my review. */
export function getBlockedWords(signal?: AbortSignal) {
  return api.get<BlockedWords>('/api/channel/blocked-words', { signal });
}

export const getBlockedWordsQueryOptions = () =>
  queryOptions({
    queryKey: channelBlockKeys.words(),
    queryFn: ({ signal }) => getBlockedWords(signal),
    staleTime: ASKED_ON_EVERY_VISIT,
  });

export const useBlockedWords = () => useQuery(getBlockedWordsQueryOptions());
