import { useTranslation } from '@/i18n/use-translation';
import { ListedVideoCard, thumbnailPriority, VideoGrid } from '@/components/video-card';
import { useForYou } from '../api/get-for-you';

/** Cards the shelf shows: two rows of the widest grid. */
const SHELF_SIZE = 8;

/**
 * The "For you" shelf at the top of /home (docs/recommendations.md): the first cards of the
 * viewer's personal feed. It never stands in the way of the grid below: while loading, on an
 * error or with nothing to suggest, it shows nothing.
 */
export function ForYouShelf() {
  const { t } = useTranslation();
  const feed = useForYou(1);
  const videos = feed.data?.videos.slice(0, SHELF_SIZE) ?? [];
  if (videos.length === 0) return null;
  return (
    <section aria-labelledby="for-you-title" className="flex flex-col gap-3 border-b border-line pb-6">
      <h2 id="for-you-title" className="text-lg font-semibold">
        {t('forYou.title')}
      </h2>
      <VideoGrid label={t('forYou.title')} headingLevel={3}>
        {videos.map((video, index) => (
          <li key={video._id}>
            <ListedVideoCard video={video} testId="for-you-card" priority={thumbnailPriority(index)} />
          </li>
        ))}
      </VideoGrid>
    </section>
  );
}
