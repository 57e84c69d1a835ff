import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaylistSummary } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { playlistKeys } from '../playlist-keys';

/** GET /api/playlist/user/:userId: the user's playlists (API.md §9). */
export async function getUserPlaylists(userId: string, signal?: AbortSignal) {
  const data = await api.get<PlaylistSummary[] | null>(`/api/playlist/user/${encodeURIComponent(userId)}`, { signal });
  return Array.isArray(data) ? data : [];
}

export const getUserPlaylistsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: playlistKeys.byUser(userId),
    queryFn: ({ signal }) => getUserPlaylists(userId, signal),
  });

export const useUserPlaylists = (userId: string, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getUserPlaylistsQueryOptions(userId), enabled });
