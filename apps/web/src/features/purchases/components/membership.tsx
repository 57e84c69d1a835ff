import { useTranslation } from '@/i18n/use-translation';
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Membership, MembershipCheckout } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { ApiError, api, errorText } from '@/lib/api-client';
import { getMembershipOfferQueryOptions } from '../api/get-membership-offer';
import { formatMoney } from '@/lib/formatters';
import { toastError, toastSuccess } from '@/lib/toast';

/** How often a page waiting for the provider's webhook asks again ("Payment pending"). */
export const PAYMENT_POLL_MS = 2000;

/** GET /api/memberships/offer/:channelId: the channel's offer and the viewer's membership; null when it offers none. */
export function useChannelMembership(channelId: string, opts: { pollWhilePending?: boolean } = {}) {
  return useQuery({
    ...getMembershipOfferQueryOptions(channelId),
    // Back from the provider's checkout: asked again until the webhook made the membership active.
    refetchInterval: (q) => (opts.pollWhilePending && q.state.data?.membership?.state !== 'active' ? PAYMENT_POLL_MS : false),
  });
}

/**
 * Join a channel's membership (API.md §20): active at once, or (a provider that settles later) the
 * member is sent to the provider's checkout, which returns to the channel page.
 */
export function JoinMembershipButton({
  channelId,
  price,
  onJoined,
}: {
  channelId: string;
  price: number;
  onJoined?: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const join = useMutation({
    mutationFn: () => api.post<Membership | MembershipCheckout>(`/api/memberships/${encodeURIComponent(channelId)}`),
    onSettled: () => void queryClient.invalidateQueries(),
  });
  return (
    <Button
      disabled={join.isPending}
      aria-busy={join.isPending}
      onClick={() =>
        join.mutate(undefined, {
          onSuccess: (answer) => {
            if ('checkoutUrl' in answer) {
              const url = new URL(answer.checkoutUrl, window.location.origin);
              if (url.protocol === 'http:' || url.protocol === 'https:') window.location.assign(url.href);
              return;
            }
            toastSuccess(t('membership.started'));
            onJoined?.();
          },
          onError: (error) => {
            if (error instanceof ApiError && error.status === 409) return onJoined?.();
            toastError(errorText(error, t('membership.joinFailed')));
          },
        })
      }
    >
      {join.isPending ? t('membership.joining') : t('membership.join', { price: formatMoney(price, { fixed: true }) })}
    </Button>
  );
}

/** The channel page's membership: the offer and Join, "Payment pending" back from a checkout, or the membership. */
export function ChannelMembershipPanel({ channelId, checkout }: { channelId: string; checkout: boolean }) {
  const { t } = useTranslation();
  const membership = useChannelMembership(channelId, { pollWhilePending: checkout });
  const data = membership.data;
  useEffect(() => {
    if (membership.error) console.error('Could not load the membership offer', membership.error);
  }, [membership.error]);
  if (!data) return null;
  const state = data.membership?.state;
  const member = state === 'active' || state === 'cancelled';
  return (
    <section
      aria-label={t('membership.label')}
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-panel p-4"
    >
      <div className="me-auto flex min-w-0 flex-col">
        <h2 className="font-semibold">{t('membership.title')}</h2>
        {data.offer.perks ? <p className="text-sm whitespace-pre-line text-muted">{data.offer.perks}</p> : null}
      </div>
      {member ? (
        <p role="status" className="text-sm font-semibold text-emerald-400">
          {state === 'cancelled' ? t('membership.memberUntil') : t('membership.member')}
        </p>
      ) : checkout || state === 'pending' ? (
        <p role="status" className="text-sm font-semibold text-amber-400">
          {t('membership.pending')}
        </p>
      ) : (
        <JoinMembershipButton channelId={channelId} price={data.offer.price} />
      )}
    </section>
  );
}
