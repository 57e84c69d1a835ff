import { useTranslation } from '@/i18n/use-translation';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { WatchVideo } from '@streamhub/contract';
import { Img } from '@/components/ui/img';
import { LikeButton } from '@/components/like-button';
import { TimestampedText } from '@/components/timestamped-text';
import { useCurrentUser } from '@/lib/auth';
import { formatCount, formatDate } from '@/lib/formatters';
import { useToggleVideoLike } from '../api/toggle-video-like';

type WatchDetailsProps = {
  video: WatchVideo;
  /** Subscribe / Subscribed toggle, composed by the page (hidden for the owner). */
  subscribeAction?: ReactNode;
  /** 'Share' (link, link at the current time, embed code), composed by the page. */
  shareAction?: ReactNode;
  /** 'Add' to playlist, composed by the page. */
  playlistAction?: ReactNode;
  /** The video's ⋯ menu (Report), composed by the page. */
  menuAction?: ReactNode;
};

/** Title, owner, like, views, date, 'Add' and description of the watched video (SPEC §2). */
export function WatchDetails({ video, subscribeAction, shareAction, playlistAction, menuAction }: WatchDetailsProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const like = useToggleVideoLike(video._id);
  const owner = video.owner;
  const isOwner = Boolean(user && owner && owner._id === user._id);
  const channelHref = isOwner ? '/channel' : `/channel/${encodeURIComponent(owner?._id ?? '')}`;
  const title = video.title?.trim() || 'Untitled Video';

  return (
    <div className="flex flex-col gap-4">
      <h1 className="line-clamp-3 text-xl font-bold">{title}</h1>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <Link
            to={channelHref}
            // Named by its visible text (name and subscriber count), as WCAG's label-in-name asks.
            className="flex min-w-0 items-center gap-3"
          >
            <Img src={owner?.avatar} fallback="avatar" alt="" className="h-10 w-10 shrink-0 rounded-full object-cover" />
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-semibold">{owner?.fullname || t('common.unknown')}</span>
              <span className="text-xs text-muted" data-testid="subscriber-count">
                {t('count.subscribers', { count: video.subscribers, formatted: formatCount(video.subscribers) })}
              </span>
            </span>
          </Link>
          {isOwner ? null : subscribeAction}
        </div>
        {/* Wraps on a phone: the like, share, playlist and menu buttons never push the page wider. */}
        <div className="flex flex-wrap items-center gap-2">
          <LikeButton
            label={t('watch.likeVideo')}
            liked={video.isLiked}
            likes={video.likes}
            pending={like.isPending}
            onToggle={() => like.mutate()}
          />
          {shareAction}
          {playlistAction}
          {menuAction}
        </div>
      </div>
      <div className="rounded-xl bg-raised p-4 text-sm">
        <p className="font-semibold">
          {t('count.views', { count: video.views, formatted: formatCount(video.views) })} · {formatDate(video.createdAt)}
          {video.isExclusive ? (
            <span className="ms-2 rounded bg-amber-500 px-1.5 py-0.5 text-xs text-black">{t('video.exclusive')}</span>
          ) : null}
        </p>
        <p className="mt-2 line-clamp-6 whitespace-pre-line" data-testid="video-description">
          {video.description?.trim() ? (
            <TimestampedText text={video.description.trim()} videoId={video._id} />
          ) : (
            'No description available'
          )}
        </p>
      </div>
    </div>
  );
}
