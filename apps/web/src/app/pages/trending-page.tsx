import { useTranslation } from '@/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { ListedVideoCard, VideoGrid } from '@/components/video-card';
import { useTrending } from '@/features/recommendations/api/get-trending';

const PAGE_SIZE = 12;

/** /trending: the videos with the most recent views, weighted by age (API.md §14); the page lives in the URL. */
export function TrendingPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const trending = useTrending(page);

  function changePage(next: number) {
    setParams(next > 1 ? { page: String(next) } : {});
    window.scrollTo({ top: 0 });
  }

  return (
    <section aria-labelledby="trending-title" className="flex flex-col gap-4">
      <title>{t('trendingPage.documentTitle')}</title>
      <h1 id="trending-title" className="text-2xl font-bold">
        {t('trendingPage.title')}
      </h1>
      {trending.isPending ? (
        <LoadingScreen />
      ) : trending.isError ? (
        <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
          <p className="text-lg">{t('trendingPage.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void trending.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : trending.data.videos.length === 0 ? (
        <p className="py-16 text-center text-lg">{t('trendingPage.empty')}</p>
      ) : (
        <>
          <VideoGrid label={t('trendingPage.videos')}>
            {trending.data.videos.map((video) => (
              <li key={video._id}>
                <ListedVideoCard video={video} />
              </li>
            ))}
          </VideoGrid>
          <Pager
            page={page}
            hasNext={page * PAGE_SIZE < trending.data.total}
            onPage={changePage}
            label={t('trendingPage.pagination')}
          />
        </>
      )}
    </section>
  );
}
