import { useTranslation } from '@/i18n/use-translation';
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MembershipOffer } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { api, errorText } from '@/lib/api-client';
import { formatDate } from '@/lib/formatters';
import { toastError, toastSuccess } from '@/lib/toast';
import { formatAmount } from '../money';
import { membershipOfferKey } from '../api/get-membership-offer';
import { useMembers, usePayouts } from '../api/get-payouts';
import { useChannelMembership } from './membership';

const PAYOUT_STATE_KEYS = {
  pending: 'payouts.statePending',
  paid: 'payouts.statePaid',
  failed: 'payouts.stateFailed',
} as const;

/** The creator's balance, connected account and payouts (API.md §20: GET /api/payouts, POST /api/payouts/onboarding). */
export function PayoutsPanel() {
  const { t } = useTranslation();
  const payouts = usePayouts();
  const connect = useMutation({ mutationFn: () => api.post<{ url: string }>('/api/payouts/onboarding') });
  useEffect(() => {
    if (payouts.error) console.error('Could not load payouts', payouts.error);
  }, [payouts.error]);
  const data = payouts.data;
  return (
    <section aria-labelledby="payouts-title" className="flex flex-col gap-3">
      <h2 id="payouts-title" className="text-lg font-semibold">
        {t('payouts.title')}
      </h2>
      {!data ? (
        <p className="text-sm text-muted">{payouts.isError ? t('payouts.loadFailed') : t('payouts.loading')}</p>
      ) : (
        <div className="flex flex-col gap-4 rounded-2xl border border-line bg-panel p-4">
          <div className="flex flex-wrap items-center gap-3">
            <p className="me-auto">
              {t('payouts.balance')}{' '}
              <span className="text-xl font-semibold tabular-nums" data-testid="payout-balance">
                {formatAmount(data.balance)}
              </span>{' '}
              <span className="text-xs text-muted uppercase">{data.currency}</span>
            </p>
            <Button
              variant={data.connected ? 'secondary' : 'primary'}
              disabled={connect.isPending}
              onClick={() =>
                connect.mutate(undefined, {
                  onSuccess: ({ url }) => {
                    const target = new URL(url, window.location.origin);
                    if (target.origin === window.location.origin) {
                      toastSuccess(t('payouts.connected'));
                      void payouts.refetch();
                    } else if (target.protocol === 'https:' || target.protocol === 'http:') window.location.assign(target.href);
                  },
                  onError: (error) => toastError(errorText(error, t('payouts.connectFailed'))),
                })
              }
            >
              {data.connected ? t('payouts.settings') : t('payouts.connect')}
            </Button>
          </div>
          <p className="text-sm text-muted">{t('payouts.schedule')}</p>
          {data.payouts.length === 0 ? (
            <p className="text-sm text-muted">{t('payouts.none')}</p>
          ) : (
            <table className="w-full text-start text-sm">
              <thead className="text-xs text-muted">
                <tr>
                  <th className="py-1 font-normal">{t('payouts.date')}</th>
                  <th className="py-1 font-normal">{t('payouts.amount')}</th>
                  <th className="py-1 font-normal">{t('payouts.state')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {data.payouts.map((p) => (
                  <tr key={p._id}>
                    <td className="py-2">{formatDate(p.createdAt)}</td>
                    <td className="py-2 tabular-nums">{formatAmount(p.amount)}</td>
                    <td className="py-2 capitalize">{t(PAYOUT_STATE_KEYS[p.state])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}

/** The channel's monthly membership (PUT /api/memberships/offer) and its members (GET /api/memberships/members). */
export function MembershipSettings({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const current = useChannelMembership(channelId);
  const members = useMembers();
  const [price, setPrice] = useState('');
  const [perks, setPerks] = useState('');
  const offer = current.data?.offer;
  useEffect(() => {
    if (!offer) return;
    setPrice(String(offer.price));
    setPerks(offer.perks);
  }, [offer]);
  const save = useMutation({
    mutationFn: () => api.put<MembershipOffer>('/api/memberships/offer', { json: { price, perks } }),
    onSuccess: () => {
      toastSuccess(t('membershipSettings.saved'));
      void queryClient.invalidateQueries({ queryKey: membershipOfferKey(channelId) });
    },
    onError: (error) => toastError(errorText(error, t('membershipSettings.saveFailed'))),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <section aria-labelledby="membership-title" className="flex flex-col gap-3">
      <h2 id="membership-title" className="text-lg font-semibold">
        {t('membershipSettings.title')}
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-4">
        <TextField
          label={t('membershipSettings.price')}
          type="number"
          min={1}
          step={0.01}
          required
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
        <TextareaField
          label={t('membershipSettings.perks')}
          maxLength={2000}
          value={perks}
          onChange={(e) => setPerks(e.target.value)}
        />
        <Button type="submit" className="self-start" disabled={save.isPending}>
          {offer ? t('membershipSettings.save') : t('membershipSettings.offer')}
        </Button>
      </form>
      <h3 className="font-semibold">{t('membershipSettings.members')}</h3>
      {members.data && members.data.length > 0 ? (
        <ul
          aria-label={t('membershipSettings.members')}
          className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-panel px-4"
        >
          {members.data.map((m) => (
            <li key={m._id} className="flex items-center gap-3 py-2 text-sm">
              <span className="me-auto truncate">
                {m.member.fullname} <span className="text-muted">@{m.member.username}</span>
              </span>
              <span className="text-muted">
                {m.state === 'cancelled' ? t('membershipSettings.ends') : t('membershipSettings.renews')}{' '}
                {m.currentPeriodEnd ? formatDate(m.currentPeriodEnd) : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t('membershipSettings.none')}</p>
      )}
    </section>
  );
}
