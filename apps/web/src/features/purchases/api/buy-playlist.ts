import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buy } from '../buy';

/** GET /api/purchase/buy/playlist/:playlistId. */
export function buyPlaylist(playlistId: string, idempotencyKey: string) {
  return buy(`playlist/${encodeURIComponent(playlistId)}`, idempotencyKey);
}

/** The playlist grants its videos: every cached answer about access is stale. */
export function useBuyPlaylist(playlistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => buyPlaylist(playlistId, idempotencyKey),
    onSettled: () => void queryClient.invalidateQueries(),
  });
}
