import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HeldComment } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { channelBlockKeys } from '../channel-block-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/channel/held-comments: comments on my videos and posts held for a blocked word. */
export function getHeldComments(signal?: AbortSignal) {
  return api.get<HeldComment[]>('/api/channel/held-comments', { signal });
}

export const getHeldCommentsQueryOptions = () =>
  queryOptions({
    queryKey: channelBlockKeys.held(),
    queryFn: ({ signal }) => getHeldComments(signal),
    staleTime: ASKED_ON_EVERY_VISIT,
  });

export const useHeldComments = () => useQuery(getHeldCommentsQueryOptions());
