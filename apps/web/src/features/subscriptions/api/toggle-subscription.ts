import { useMutation } from '@tanstack/react-query';
import type { SubscriptionToggle } from '@streamhub/contract';
import { api } from '@/lib/api-client';

/** POST /api/subscription/channel/:channelId toggles; `null` means "now unsubscribed" (API.md §8). */
export function toggleSubscription(channelId: string) {
  return api.post<SubscriptionToggle>(`/api/subscription/channel/${encodeURIComponent(channelId)}`);
}

export function useToggleSubscription() {
  return useMutation({
    mutationFn: toggleSubscription,
    // SPEC §8: subscribe and unsubscribe errors are only logged.
    onError: (error) => console.error('Subscription change failed', error),
  });
}
