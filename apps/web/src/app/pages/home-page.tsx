import { useTranslation } from '@/i18n/use-translation';
import { useSearchParams } from 'react-router';
import { ForYouShelf } from '@/features/recommendations/components/for-you-shelf';
import { VideoListView } from '@/features/video-list/components/video-list-view';
import { VideoFilterSummary } from '@/features/videos/components/video-filter-summary';
import { readVideoFilters } from '@/features/videos/video-filters';

/**
 * /home: the "For you" shelf (signed-in viewers; the shell lets no one else in) above the paged
 * video grid (SPEC §2), whose filters and page live in the URL. A search, a channel filter, a
 * sort or a later page shows the grid alone: the shelf is for browsing.
 */
export function HomePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readVideoFilters(params);

  function changePage(page: number) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (page > 1) next.set('page', String(page));
      else next.delete('page');
      return next;
    });
    window.scrollTo({ top: 0 });
  }

  return (
    <section aria-labelledby="home-title" className="flex flex-col gap-4">
      <title>{t('homePage.documentTitle')}</title>
      <div className="flex flex-col gap-1">
        <h1 id="home-title" className="text-2xl font-bold">
          {t('homePage.title')}
        </h1>
        <VideoFilterSummary filters={filters} />
      </div>
      {filters.page === 1 && !filters.query && !filters.name && !filters.sortBy ? <ForYouShelf /> : null}
      <VideoListView params={filters} onPageChange={changePage} />
    </section>
  );
}
