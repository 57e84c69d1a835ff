import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlaylistDetail } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { playlistKeys } from '../playlist-keys';

export type WatchLaterList = PlaylistDetail['playlist'];

/** GET /api/playlist/watch-later: the caller's own Watch later list (made on first use). */
export function getWatchLater(signal?: AbortSignal) {
  return api.get<WatchLaterList>('/api/playlist/watch-later', { signal });
}

export const getWatchLaterQueryOptions = () =>
  queryOptions({ queryKey: playlistKeys.watchLater(), queryFn: ({ signal }) => getWatchLater(signal) });

export const useWatchLater = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getWatchLaterQueryOptions(), enabled });

/** POST (add) or DELETE (remove) /api/playlist/watch-later/:videoId; both answer the list. */
export function setWatchLater(videoId: string, saved: boolean) {
  const path = `/api/playlist/watch-later/${encodeURIComponent(videoId)}`;
  return saved ? api.post<WatchLaterList>(path) : api.delete<WatchLaterList>(path);
}

export function useSetWatchLater(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (saved: boolean) => setWatchLater(videoId, saved),
    onSuccess: (list) => queryClient.setQueryData(playlistKeys.watchLater(), list),
    onSettled: () => queryClient.invalidateQueries({ queryKey: playlistKeys.watchLater() }),
  });
}
