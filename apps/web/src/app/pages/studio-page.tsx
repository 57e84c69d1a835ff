import { useTranslation } from '@/i18n/use-translation';
import { Link, useParams } from 'react-router';
import { StudioView } from '@/features/studio/components/studio-view';
import { formatAmount } from '@/features/purchases/money';

/** /studio (the whole channel) and /studio/:videoId (one video): the owner's analytics (API.md §16). */
export function StudioPage() {
  const { t } = useTranslation();
  const { videoId } = useParams();
  const title = videoId ? t('studioPage.videoAnalytics') : t('studioPage.channelAnalytics');
  return (
    <section aria-labelledby="studio-title" className="mx-auto flex w-full max-w-7xl flex-col gap-6">
      <title>{t('studioPage.documentTitle', { title })}</title>
      <header className="flex flex-wrap items-center gap-3">
        <h1 id="studio-title" className="me-auto text-2xl font-bold">
          {t('studioPage.title', { title })}
        </h1>
        {videoId ? (
          <>
            <Link to={`/video/watch/${encodeURIComponent(videoId)}`} className="text-sm text-sky-400 hover:underline">
              {t('studioPage.watch')}
            </Link>
            <Link to="/studio" className="text-sm text-sky-400 hover:underline">
              {t('studioPage.wholeChannel')}
            </Link>
          </>
        ) : (
          <Link to="/videos" className="text-sm text-sky-400 hover:underline">
            {t('studioPage.yourVideos')}
          </Link>
        )}
      </header>
      {/* A new video or range starts from the default range again. */}
      <StudioView key={videoId ?? 'channel'} videoId={videoId} formatAmount={(n) => formatAmount(n)} />
    </section>
  );
}
