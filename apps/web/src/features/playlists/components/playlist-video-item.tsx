import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import type { PlaylistVideo } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { Img } from '@/components/ui/img';
import { formatCount, formatDuration, formatRelativeTime } from '@/lib/formatters';
import { useNow } from '@/lib/use-now';
import { ExclusiveMarker } from './exclusive-marker';

type PlaylistVideoItemProps = {
  video: PlaylistVideo;
  index: number;
  onRemove?: () => void;
  removing?: boolean;
  /** The owner reorders: Move up / Move down (absent at either end), the keyboard's way beside dragging. */
  ordering?: boolean;
  onMoveUp?: () => void;
  onMoveDown?: () => void;
  /** Opens the video within its playlist (`?list=`) instead of alone. */
  href?: string;
};

/** One row of a playlist's videos: thumbnail, title, owner, views, age; the owner can remove it. */
export function PlaylistVideoItem(props: PlaylistVideoItemProps) {
  const { video, index, onRemove, removing, ordering, onMoveUp, onMoveDown, href } = props;
  const { t } = useTranslation();
  const title = video.title?.trim() || t('playlists.untitledVideo');
  const now = useNow();
  const watchHref = href ?? `/video/watch/${encodeURIComponent(video._id)}`;
  return (
    <article aria-label={title} className="flex items-start gap-3 rounded-xl p-2 transition-colors hover:bg-panel sm:gap-4">
      <span aria-hidden="true" className="hidden w-5 shrink-0 pt-2 text-center text-sm text-muted sm:block">
        {index + 1}
      </span>
      <Link
        to={watchHref}
        tabIndex={-1}
        aria-hidden="true"
        className="relative block w-36 shrink-0 overflow-hidden rounded-lg bg-raised sm:w-44"
      >
        <Img src={video.thumbnail} fallback="thumbnail" alt="" loading="lazy" className="aspect-video w-full object-cover" />
        <span className="keep-dark absolute end-1 bottom-1 rounded bg-black/80 px-1 py-0.5 text-xs font-medium tabular-nums">
          {formatDuration(video.duration)}
        </span>
        {video.isExclusive ? <ExclusiveMarker className="absolute top-1 start-1" /> : null}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="line-clamp-2 font-medium break-words">
          <Link to={watchHref} className="rounded hover:underline">
            {title}
          </Link>
        </h2>
        <p className="truncate text-sm text-muted">{video.owner?.fullname || t('common.unknown')}</p>
        <p className="text-xs text-muted">
          {video.isExclusive ? <span className="sr-only">{t('playlistVideo.exclusive')}</span> : null}
          {t('count.views', { count: video.views ?? 0, formatted: formatCount(video.views ?? 0) })} ·{' '}
          {formatRelativeTime(video.createdAt, now)}
        </p>
        {video.isExclusive && video.hasAccess === false ? (
          <p className="text-xs font-medium text-amber-300">{t('playlistVideo.buyToWatch')}</p>
        ) : null}
      </div>
      {ordering ? (
        <div className="flex shrink-0 flex-col gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('playlistVideo.moveUp', { title })}
            disabled={!onMoveUp}
            onClick={onMoveUp}
          >
            <span aria-hidden="true">↑</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('playlistVideo.moveDown', { title })}
            disabled={!onMoveDown}
            onClick={onMoveDown}
          >
            <span aria-hidden="true">↓</span>
          </Button>
        </div>
      ) : null}
      {onRemove ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('playlistVideo.remove', { title })}
          disabled={removing}
          onClick={onRemove}
        >
          <CloseIcon />
        </Button>
      ) : null}
    </article>
  );
}
