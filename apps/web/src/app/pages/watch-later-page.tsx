import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { VideoCollection } from '@/components/video-collection';
import { videoTitle } from '@/components/video-card';
import { useWatchLater } from '@/features/playlists/api/watch-later';
import { RemoveWatchLaterButton } from '@/features/playlists/components/remove-watch-later-button';
import { playlistWatchHref } from '@/features/playlists/playlists';

/** /playlist/watch-later: the viewer's Watch later list, each with a remove button, and Play all. */
export function WatchLaterPage() {
  const { t } = useTranslation();
  const list = useWatchLater();
  const videos = list.data?.videos ?? [];
  const items = videos.map((video) => ({
    key: video._id,
    // A list's videos carry their owner alone; a card takes the owner list of the video lists.
    video: { ...video, owner: [video.owner] },
    action: <RemoveWatchLaterButton videoId={video._id} title={videoTitle(video)} />,
  }));
  return (
    <div className="flex flex-col gap-4">
      {list.data && videos[0] ? (
        <Link to={playlistWatchHref(videos[0]._id, list.data._id)} className={buttonClasses('primary', 'md', 'self-start')}>
          {t('watchLaterPage.playAll')}
        </Link>
      ) : null}
      <VideoCollection
        title={t('watchLaterPage.title')}
        status={list.status}
        groups={[{ items }]}
        emptyText={t('watchLaterPage.empty')}
        errorText={t('watchLaterPage.loadFailed')}
        onRetry={() => void list.refetch()}
      />
    </div>
  );
}
