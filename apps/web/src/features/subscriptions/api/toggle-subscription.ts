import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Subscription = { _id: string; subscriber?: string; channel?: string; createdAt?: string };

/** POST /api/subscription/channel/:channelId toggles; `null` means "now unsubscribed" (API.md §8). */
export function toggleSubscription(channelId: string) {
  return api.post<Subscription | null>(`/api/subscription/channel/${encodeURIComponent(channelId)}`);
}

export function useToggleSubscription() {
  return useMutation({
    mutationFn: toggleSubscription,
    // SPEC §8: subscribe and unsubscribe errors are only logged.
    onError: (error) => console.error('Subscription change failed', error),
  });
}
