import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Pager } from '@/components/ui/pager';
import { ListedVideoCard, VideoGrid } from '@/components/video-card';
import { FEED_PAGE_SIZE, useSubscriptionFeed } from '../api/get-subscription-feed';

/** 'Latest from your channels': the newest videos of the channels I subscribe to, a page at a time. */
export function SubscriptionFeed({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const feed = useSubscriptionFeed(page);
  return (
    <section aria-labelledby="feed-title" className="flex flex-col gap-4">
      <h2 id="feed-title" className="text-xl font-semibold">
        {t('subscriptionFeed.title')}
      </h2>
      {feed.isPending ? (
        <LoadingScreen />
      ) : feed.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
          <p>{t('subscriptionFeed.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void feed.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : feed.data.videos.length === 0 ? (
        <p className="py-8 text-center text-muted">{t('subscriptionFeed.empty')}</p>
      ) : (
        <>
          <VideoGrid label={t('subscriptionFeed.title')} headingLevel={3}>
            {feed.data.videos.map((video) => (
              <li key={video._id}>
                <ListedVideoCard video={video} />
              </li>
            ))}
          </VideoGrid>
          <Pager
            page={page}
            hasNext={page * FEED_PAGE_SIZE < feed.data.total}
            onPage={onPage}
            label={t('subscriptionFeed.pages')}
          />
        </>
      )}
    </section>
  );
}
