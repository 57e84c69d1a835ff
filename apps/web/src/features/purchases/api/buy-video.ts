import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buy } from '../buy';

/** GET /api/purchase/buy/video/:videoId. */
export function buyVideo(videoId: string, idempotencyKey: string) {
  return buy(`video/${encodeURIComponent(videoId)}`, idempotencyKey);
}

/** A purchase changes what the viewer may watch anywhere: every cached answer is stale. */
export function useBuyVideo(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => buyVideo(videoId, idempotencyKey),
    onSettled: () => void queryClient.invalidateQueries(),
  });
}
