import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Visibility } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { playlistKeys } from '../playlist-keys';

export type PlaylistChanges = { name: string; description: string; visibility?: Visibility };

/** POST /api/playlist/:id with {name, description, visibility?}: the owner edits (API.md §9). */
export function updatePlaylist(playlistId: string, changes: PlaylistChanges) {
  return api.post<unknown>(`/api/playlist/${encodeURIComponent(playlistId)}`, { json: changes });
}

export function useUpdatePlaylist(playlistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: PlaylistChanges) => updatePlaylist(playlistId, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playlistKeys.all }),
  });
}
