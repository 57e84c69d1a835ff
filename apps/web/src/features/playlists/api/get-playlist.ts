import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaylistDetail } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { playlistKeys } from '../playlist-keys';

/** GET /api/playlist/:id: the playlist with its videos, and whether the caller may watch them all. */
export function getPlaylist(playlistId: string, signal?: AbortSignal) {
  return api.get<PlaylistDetail>(`/api/playlist/${encodeURIComponent(playlistId)}`, { signal });
}

export const getPlaylistQueryOptions = (playlistId: string) =>
  queryOptions({
    queryKey: playlistKeys.detail(playlistId),
    queryFn: ({ signal }) => getPlaylist(playlistId, signal),
  });

export const usePlaylist = (playlistId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getPlaylistQueryOptions(playlistId), enabled });
