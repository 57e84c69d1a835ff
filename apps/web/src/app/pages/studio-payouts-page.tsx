import { useTranslation } from '@/i18n/use-translation';
import { EarningsSummary } from '@/features/purchases/components/earnings-summary';
import { MembershipSettings, PayoutsPanel } from '@/features/purchases/components/payouts-and-membership';
import { useCurrentUser } from '@/lib/auth';

/** /studio/payouts: the creator's earnings, payouts and channel membership (API.md §20). */
export function StudioPayoutsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <title>{`${t('payoutsPage.title')} · StreamHub`}</title>
      <h1 className="text-2xl font-bold">{t('payoutsPage.title')}</h1>
      <EarningsSummary />
      <PayoutsPanel />
      <MembershipSettings channelId={user._id} />
    </div>
  );
}
