import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { playlistKeys } from '../playlist-keys';

/** DELETE /api/playlist/:id (owner only). */
export function deletePlaylist(playlistId: string) {
  return api.delete<unknown>(`/api/playlist/${encodeURIComponent(playlistId)}`);
}

export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylist,
    onSuccess: (_data, playlistId) => {
      // The detail is gone: drop it rather than refetch a 404 (a detail page stops observing it first).
      queryClient.removeQueries({ queryKey: playlistKeys.detail(playlistId) });
      return queryClient.invalidateQueries({ queryKey: playlistKeys.lists() });
    },
  });
}
