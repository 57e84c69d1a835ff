import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { playlistKeys } from '../playlist-keys';

/** DELETE /api/playlist/video/:videoId/:playlistId (owner of the playlist only). */
export function removeVideoFromPlaylist(videoId: string, playlistId: string) {
  return api.delete<unknown>(`/api/playlist/video/${encodeURIComponent(videoId)}/${encodeURIComponent(playlistId)}`);
}

export function useRemoveVideoFromPlaylist(playlistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (videoId: string) => removeVideoFromPlaylist(videoId, playlistId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playlistKeys.all }),
  });
}
