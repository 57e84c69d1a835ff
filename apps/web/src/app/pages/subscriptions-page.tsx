import { useTranslation } from '@/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { EmptyState, LoadError } from '@/components/ui/list-states';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useSubscriptions } from '@/features/subscriptions/api/get-subscriptions';
import { SubscriptionCard } from '@/features/subscriptions/components/subscription-card';
import { SubscriptionFeed } from '@/features/subscriptions/components/subscription-feed';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';

/** /subscriptions: 'Your Subscriptions' (SPEC §2), the newest videos of those channels above their cards. */
export function SubscriptionsPage() {
  const { t } = useTranslation();
  const subscriptions = useSubscriptions();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  // After an unsubscribe the card (and the focused button in it) is gone: keep keyboard users on the page.
  const headingRef = useFocusAfterRemoval<HTMLHeadingElement>(subscriptions.data?.length);

  return (
    <section aria-labelledby="subscriptions-title" className="mx-auto flex max-w-5xl flex-col gap-6">
      <title>{t('subscriptionsPage.documentTitle')}</title>
      <h1 ref={headingRef} tabIndex={-1} id="subscriptions-title" className="text-2xl font-bold focus:outline-none">
        {t('subscriptionsPage.title')}
      </h1>
      <SubscriptionFeed page={page} onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})} />
      <h2 className="text-xl font-semibold">{t('subscriptionsPage.channels')}</h2>
      {subscriptions.isPending ? (
        <LoadingScreen />
      ) : subscriptions.isError ? (
        <LoadError message={t('subscriptionsPage.loadFailed')} onRetry={() => void subscriptions.refetch()} />
      ) : subscriptions.data.length === 0 ? (
        <EmptyState text={t('subscriptionsPage.empty')} />
      ) : (
        <ul aria-label={t('subscriptionsPage.title')} className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {subscriptions.data.map((subscription) => (
            <li key={subscription._id}>
              <SubscriptionCard subscription={subscription} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
