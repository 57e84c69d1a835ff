import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/i18n/use-translation';
import type { ChannelProfile, ChannelStats, OwnProfile, Subscription, SubscriptionToggle, WatchVideo } from '@streamhub/contract';
import { api, errorText } from '@/lib/api-client';
import { patchQueries, rollbackAll, setQueries } from '@/lib/optimistic';
import { channelKeys, subscriptionKeys, watchKeys } from '@/lib/query-keys';
import { toastError, toastSuccess } from '@/lib/toast';
import {
  channelWithSubscription,
  ownProfileWithSubscription,
  statsWithSubscription,
  videoWithSubscription,
  withoutChannel,
} from '../subscription-cache';

/** POST /api/subscription/channel/:channelId toggles; `null` means "now unsubscribed" (API.md §8). */
export function toggleSubscription(channelId: string) {
  return api.post<SubscriptionToggle>(`/api/subscription/channel/${encodeURIComponent(channelId)}`);
}

/** `subscribe` is the state the viewer asks for: the opposite of what the button showed. */
export type SubscriptionChange = { channelId: string; subscribe: boolean };

/**
 * The subscription state lives in the cached answers that carry it (watched videos, the channel,
 * its stats, the viewer's own profile and list): they change at once, and go back with a toast
 * when the server refuses.
 */
export function useToggleSubscription() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId }: SubscriptionChange) => toggleSubscription(channelId),
    onMutate: async ({ channelId, subscribe }) => {
      const rollbacks = [
        // Not cancelled: refetching a watched video would restart its player.
        await patchQueries<WatchVideo>(queryClient, watchKeys.videos(), (v) => videoWithSubscription(v, channelId, subscribe), {
          cancel: false,
        }),
        await patchQueries<ChannelProfile>(queryClient, channelKeys.detail(channelId), (p) =>
          channelWithSubscription(p, subscribe),
        ),
        await patchQueries<ChannelStats>(queryClient, channelKeys.stats(channelId), (s) => statsWithSubscription(s, subscribe)),
        await patchQueries<OwnProfile>(queryClient, channelKeys.own(), (p) => ownProfileWithSubscription(p, subscribe)),
      ];
      if (!subscribe) {
        rollbacks.push(
          await patchQueries<Subscription[]>(queryClient, subscriptionKeys.mine(), (list) => withoutChannel(list, channelId)),
        );
      }
      return { rollback: rollbackAll(rollbacks) };
    },
    onSuccess: (subscription, { channelId, subscribe }) => {
      const subscribed = subscription !== null;
      if (subscribed !== subscribe) {
        // The server was in another state (e.g. changed in another tab): show what it says now.
        setQueries<WatchVideo>(queryClient, watchKeys.videos(), (v) => videoWithSubscription(v, channelId, subscribed));
        setQueries<ChannelProfile>(queryClient, channelKeys.detail(channelId), (p) => channelWithSubscription(p, subscribed));
      }
      if (!subscribed) toastSuccess(t('subscriptionsApi.unsubscribed'));
      // Lists and counts that cannot be patched exactly are fetched again.
      void queryClient.invalidateQueries({ queryKey: channelKeys.stats(channelId) });
      void queryClient.invalidateQueries({ queryKey: channelKeys.own() });
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
    },
    onError: (error, _change, context) => {
      context?.rollback();
      console.error('Subscription change failed', error);
      toastError(errorText(error, t('subscriptionsApi.failed')));
    },
  });
}
