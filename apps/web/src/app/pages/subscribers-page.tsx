import { useTranslation } from '@/i18n/use-translation';
import { EmptyState, LoadError } from '@/components/ui/list-states';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useSubscribers } from '@/features/subscriptions/api/get-subscribers';
import { SubscriberCard } from '@/features/subscriptions/components/subscriber-card';
import { useCurrentUser } from '@/lib/auth';

function Subscribers({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const subscribers = useSubscribers(channelId);
  if (subscribers.isPending) return <LoadingScreen />;
  if (subscribers.isError) {
    return <LoadError message={t('subscribersPage.loadFailed')} onRetry={() => void subscribers.refetch()} />;
  }
  if (subscribers.data.length === 0) return <EmptyState text={t('subscribersPage.empty')} />;
  return (
    <ul aria-label={t('subscribersPage.title')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {subscribers.data.map((entry) => (
        <li key={entry._id}>
          <SubscriberCard subscriber={entry} />
        </li>
      ))}
    </ul>
  );
}

/** /subscribers: 'Your Subscribers', the signed-in user's channel (SPEC §2). */
export function SubscribersPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <section aria-labelledby="subscribers-title" className="mx-auto flex max-w-6xl flex-col gap-6">
      <title>{t('subscribersPage.documentTitle')}</title>
      <h1 id="subscribers-title" className="text-2xl font-bold">
        {t('subscribersPage.title')}
      </h1>
      {user ? <Subscribers key={user._id} channelId={user._id} /> : null}
    </section>
  );
}
