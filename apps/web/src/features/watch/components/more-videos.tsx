import { useTranslation } from '@/i18n/use-translation';
import type { MoreVideo } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { VideoCard } from '@/components/video-card';
import { useMoreVideos } from '../api/get-more-videos';

/** The wide-screen 'More videos' side list of the owner's other videos (SPEC §2); it loads and fails on its own. */
export function MoreVideos({ ownerId, currentId }: { ownerId: string | undefined; currentId: string }) {
  const { t } = useTranslation();
  const more = useMoreVideos(ownerId);
  return (
    <section aria-labelledby="more-videos-title" aria-busy={more.isLoading} className="flex flex-col gap-3">
      <h2 id="more-videos-title" className="text-lg font-semibold">
        {t('moreVideos.title')}
      </h2>
      {!ownerId ? (
        <MoreVideosList videos={[]} currentId={currentId} />
      ) : more.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="h-4 w-4 border-2" />
          {t('moreVideos.loading')}
        </p>
      ) : more.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p className="text-muted">{t('moreVideos.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void more.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : (
        <MoreVideosList videos={more.data} currentId={currentId} />
      )}
    </section>
  );
}

function MoreVideosList({ videos, currentId }: { videos: MoreVideo[]; currentId: string }) {
  const { t } = useTranslation();
  const others = videos.filter((v) => v._id !== currentId);
  if (others.length === 0) return <p className="text-sm text-muted">{t('moreVideos.empty')}</p>;
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-1">
      {others.map((video) => (
        <li key={video._id}>
          <VideoCard video={video} layout="row" />
        </li>
      ))}
    </ul>
  );
}
