import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buy } from '../buy';

/** GET /api/purchase/buy/uploads: 5 more upload slots (SPEC §9). */
export function buyUploads(idempotencyKey: string) {
  return buy('uploads', idempotencyKey);
}

/** The quota shows on several screens (/videos, /me): every cached answer is stale. */
export function useBuyUploads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyUploads,
    onSettled: () => void queryClient.invalidateQueries(),
  });
}
