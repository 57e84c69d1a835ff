import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaylistDetail, PlaylistSummary } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { playlistKeys } from '../playlist-keys';

/** PATCH /api/playlist/:playlistId/order with {videoIds}: the playlist's videos, each once, in their new order. */
export function setPlaylistOrder(playlistId: string, videoIds: string[]) {
  return api.patch<PlaylistSummary>(`/api/playlist/${encodeURIComponent(playlistId)}/order`, { json: { videoIds } });
}

export function useSetPlaylistOrder(playlistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (videoIds: string[]) => setPlaylistOrder(playlistId, videoIds),
    // The rows move at once; a refusal puts them back.
    onMutate: async (videoIds) => {
      const key = playlistKeys.detail(playlistId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<PlaylistDetail>(key);
      if (before) {
        const byId = new Map(before.playlist.videos.map((v) => [v._id, v]));
        const videos = videoIds.flatMap((id) => byId.get(id) ?? []);
        queryClient.setQueryData<PlaylistDetail>(key, { ...before, playlist: { ...before.playlist, videos } });
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(playlistKeys.detail(playlistId), context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: playlistKeys.all }),
  });
}
