import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaylistSummary } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import type { CreatePlaylistRequest } from '../playlist-form';
import { playlistKeys } from '../playlist-keys';

/** POST /api/playlist with {name, description, isExclusive?, price?} (API.md §9). */
export function createPlaylist(body: CreatePlaylistRequest) {
  return api.post<PlaylistSummary>('/api/playlist', { json: body });
}

export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlaylist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playlistKeys.all }),
  });
}
