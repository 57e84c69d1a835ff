import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { buttonClasses } from '@/components/ui/button';
import { usePlaylist } from '../api/get-playlist';
import { playlistWatchHref } from '../playlists';

/** Where the watched video sits in a playlist played in order: the videos before and after it. */
export function queuePosition(videoIds: readonly string[], videoId: string) {
  const index = videoIds.indexOf(videoId);
  return {
    index,
    previous: index > 0 ? videoIds[index - 1] : undefined,
    next: index >= 0 && index < videoIds.length - 1 ? videoIds[index + 1] : undefined,
  };
}

/** The next video of the playlist played on the watch page (`?list=`), for autoplay when one ends. */
export function usePlaylistNext(playlistId: string | null, videoId: string) {
  const detail = usePlaylist(playlistId ?? '', { enabled: Boolean(playlistId) });
  if (!playlistId || !detail.data) return undefined;
  const { next } = queuePosition(
    detail.data.playlist.videos.map((v) => v._id),
    videoId,
  );
  return next ? playlistWatchHref(next, playlistId) : undefined;
}

/** The playlist being played on the watch page: its name, the position, Previous / Next and its videos. */
export function PlaylistQueue({ playlistId, videoId }: { playlistId: string; videoId: string }) {
  const { t } = useTranslation();
  const detail = usePlaylist(playlistId);
  if (!detail.data) return null;
  const { playlist } = detail.data;
  const ids = playlist.videos.map((v) => v._id);
  const { index, previous, next } = queuePosition(ids, videoId);
  return (
    <section
      aria-label={t('playlistQueue.label', { name: playlist.name })}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-4"
    >
      <div className="flex flex-col gap-1">
        <h2 className="font-semibold break-words">
          <Link to={`/playlist/p/${encodeURIComponent(playlistId)}`} className="rounded hover:underline">
            {playlist.name}
          </Link>
        </h2>
        {index >= 0 ? (
          <p className="text-sm text-muted">
            {index + 1} / {ids.length}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        {previous ? (
          <Link to={playlistWatchHref(previous, playlistId)} className={buttonClasses('secondary', 'sm')}>
            {t('playlistQueue.previous')}
          </Link>
        ) : null}
        {next ? (
          <Link to={playlistWatchHref(next, playlistId)} className={buttonClasses('secondary', 'sm')}>
            {t('playlistQueue.next')}
          </Link>
        ) : null}
      </div>
      <ol className="flex max-h-80 flex-col gap-1 overflow-y-auto">
        {playlist.videos.map((video, i) => (
          <li key={video._id}>
            <Link
              to={playlistWatchHref(video._id, playlistId)}
              aria-current={i === index ? 'true' : undefined}
              className={`flex gap-2 rounded-lg p-2 text-sm hover:bg-hover ${i === index ? 'bg-raised font-semibold' : ''}`}
            >
              <span className="w-5 shrink-0 text-muted">{i + 1}</span>
              <span className="line-clamp-2 break-words">{video.title?.trim() || t('playlists.untitledVideo')}</span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
