import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { ListedVideoCard, thumbnailPriority, VideoGrid } from '@/components/video-card';
import { InvalidResponseError } from '@/lib/api-client';
import { useVideos, type VideoListParams } from '../api/get-videos';
import { pageSummary } from '../video-list-response';

type VideoListViewProps = {
  params: VideoListParams;
  onPageChange: (page: number) => void;
};

/** The home grid with its states (SPEC §2, §4, §8). */
export function VideoListView({ params, onPageChange }: VideoListViewProps) {
  const { t } = useTranslation();
  const list = useVideos(params);

  if (list.isPending) return <LoadingScreen />;
  if (list.isError) {
    // An answer without a readable list (empty or non-JSON body, no `data`, no videos) is not a
    // failed load: SPEC §8 names it 'Invalid response from server'.
    const invalid = list.error instanceof InvalidResponseError;
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg">{invalid ? t('videoList.invalid') : t('videoList.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </div>
    );
  }

  const { videos, total } = list.data;
  if (videos.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg">{params.query ? t('videoList.noneFor', { query: params.query }) : t('videoList.none')}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          {t('videoList.refresh')}
        </Button>
      </div>
    );
  }

  const summary = pageSummary(params.page, videos.length, total);
  return (
    <div className="flex flex-col gap-8">
      <VideoGrid label={t('videoList.label')}>
        {videos.map((video, index) => (
          <li key={video._id}>
            <ListedVideoCard video={video} priority={thumbnailPriority(index)} />
          </li>
        ))}
      </VideoGrid>
      <nav
        aria-label={t('videoList.pagination')}
        className="flex flex-col items-center justify-between gap-3 border-t border-line pt-4 sm:flex-row"
      >
        <p className="text-sm text-muted">
          {t('videoList.showing', { from: summary.from, to: summary.to, total: summary.total })}
        </p>
        <div className="flex items-center gap-3">
          <Button variant="secondary" size="sm" disabled={!summary.hasPrevious} onClick={() => onPageChange(params.page - 1)}>
            {t('videoList.previous')}
          </Button>
          <span className="text-sm">{t('videoList.page', { page: summary.page, pages: summary.pages })}</span>
          <Button variant="secondary" size="sm" disabled={!summary.hasNext} onClick={() => onPageChange(params.page + 1)}>
            {t('videoList.next')}
          </Button>
        </div>
      </nav>
    </div>
  );
}
