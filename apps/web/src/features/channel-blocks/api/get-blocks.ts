import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelBlock } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { channelBlockKeys } from '../channel-block-keys';
import { ASKED_ON_EVERY_VISIT } from '@/lib/query-client';

/** GET /api/channel/blocks: the users who may not comment on my videos and posts. */
export function getBlocks(signal?: AbortSignal) {
  return api.get<ChannelBlock[]>('/api/channel/blocks', { signal });
}

export const getBlocksQueryOptions = () =>
  queryOptions({
    queryKey: channelBlockKeys.blocks(),
    queryFn: ({ signal }) => getBlocks(signal),
    staleTime: ASKED_ON_EVERY_VISIT,
  });

export const useBlocks = () => useQuery(getBlocksQueryOptions());
