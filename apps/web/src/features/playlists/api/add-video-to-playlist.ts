import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { playlistKeys } from '../playlist-keys';

/** POST /api/playlist/video/:videoId/:playlistId: adds a video to one of the caller's playlists. */
export function addVideoToPlaylist(videoId: string, playlistId: string) {
  return api.post<unknown>(`/api/playlist/video/${encodeURIComponent(videoId)}/${encodeURIComponent(playlistId)}`);
}

export function useAddVideoToPlaylist(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playlistId: string) => addVideoToPlaylist(videoId, playlistId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playlistKeys.all }),
  });
}
