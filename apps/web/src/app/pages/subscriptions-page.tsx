import { EmptyState, LoadError } from '@/components/ui/list-states';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useSubscriptions } from '@/features/subscriptions/api/get-subscriptions';
import { SubscriptionCard } from '@/features/subscriptions/components/subscription-card';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';

/** /subscriptions: 'Your Subscriptions' (SPEC §2). */
export function SubscriptionsPage() {
  const subscriptions = useSubscriptions();
  // After an unsubscribe the card (and the focused button in it) is gone: keep keyboard users on the page.
  const headingRef = useFocusAfterRemoval<HTMLHeadingElement>(subscriptions.data?.length);

  return (
    <section aria-labelledby="subscriptions-title" className="mx-auto flex max-w-5xl flex-col gap-6">
      <title>Your Subscriptions · StreamHub</title>
      <h1 ref={headingRef} tabIndex={-1} id="subscriptions-title" className="text-2xl font-bold focus:outline-none">
        Your Subscriptions
      </h1>
      {subscriptions.isPending ? (
        <LoadingScreen />
      ) : subscriptions.isError ? (
        <LoadError
          message="Failed to load your subscriptions. Please try again later."
          onRetry={() => void subscriptions.refetch()}
        />
      ) : subscriptions.data.length === 0 ? (
        <EmptyState text="No Subscriptions" />
      ) : (
        <ul aria-label="Your Subscriptions" className="grid grid-cols-1 gap-3 md:grid-cols-2">
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
