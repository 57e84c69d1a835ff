import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveInfo } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { liveKeys } from '../live-keys';
import { livePollMs } from '../live-form';

/** GET /api/live/:videoId → {status, startedAt, viewers} (API.md §17); each ask counts the asker as watching (docs/live.md). */
export function getLive(videoId: string, signal?: AbortSignal) {
  return api.get<LiveInfo>(`/api/live/${encodeURIComponent(videoId)}`, { signal });
}

/**
 * A live's state, asked again and again while the page is open (every `steadyMs`; every 2 s while
 * it waits for its stream); not at all when `enabled` is false (an ordinary video).
 */
export const useLive = (videoId: string, { enabled, steadyMs }: { enabled: boolean; steadyMs: number }) =>
  useQuery({
    ...queryOptions({ queryKey: liveKeys.info(videoId), queryFn: ({ signal }) => getLive(videoId, signal) }),
    enabled,
    // The watch call's answer has the state the page renders with; the browser asks from then on.
    meta: { ssr: false },
    refetchInterval: (query) => (query.state.data?.status === 'ended' ? false : livePollMs(query.state.data?.status, steadyMs)),
    refetchIntervalInBackground: false,
  });
