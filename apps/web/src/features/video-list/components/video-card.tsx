import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { VideoCard as VideoCardData } from '@streamhub/contract';
import { Img } from '@/components/ui/img';
import { useCurrentUser } from '@/lib/auth';
import { formatCount, formatDuration, formatRelativeTime } from '@/lib/formatters';
import { cardOwner } from '../video-list-response';

type VideoCardProps = {
  video: VideoCardData;
  /** Extra control on the card (e.g. a remove button on Liked Videos / Watch History). */
  action?: ReactNode;
};

/** A grid card (SPEC §2/§3): opens /video/watch/{id}; the owner opens their channel. */
export function VideoCard({ video, action }: VideoCardProps) {
  const user = useCurrentUser();
  const owner = cardOwner(video);
  const title = video.title?.trim() || 'Untitled Video';
  const watchHref = `/video/watch/${encodeURIComponent(video._id)}`;
  const channelHref = owner._id ? (owner._id === user?._id ? '/channel' : `/channel/${encodeURIComponent(owner._id)}`) : null;

  const ownerAvatar = <Img src={owner.avatar} fallback="avatar" alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />;
  return (
    <article aria-label={title} data-testid="video-card" className="group flex flex-col gap-3">
      <Link to={watchHref} className="relative block overflow-hidden rounded-xl bg-raised" tabIndex={-1} aria-hidden="true">
        <Img
          src={video.thumbnail}
          fallback="thumbnail"
          alt=""
          loading="lazy"
          className="aspect-video w-full object-cover transition-transform group-hover:scale-[1.02]"
        />
        <span className="absolute right-2 bottom-2 rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium">
          {formatDuration(video.duration)}
        </span>
        {video.isExclusive ? (
          <span className="absolute top-2 left-2 rounded bg-amber-500 px-1.5 py-0.5 text-xs font-semibold text-black">
            Exclusive
          </span>
        ) : null}
      </Link>
      <div className="flex gap-3">
        {channelHref ? (
          <Link to={channelHref} aria-label={`${owner.fullname}'s channel`}>
            {ownerAvatar}
          </Link>
        ) : (
          ownerAvatar
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <Link to={watchHref} className="line-clamp-2 font-semibold hover:underline" title={title}>
            {title}
          </Link>
          {channelHref ? (
            <Link to={channelHref} className="truncate text-sm text-muted hover:text-white">
              {owner.fullname}
            </Link>
          ) : (
            <span className="truncate text-sm text-muted">{owner.fullname}</span>
          )}
          <p className="text-sm text-muted">
            {formatCount(video.views)} {video.views === 1 ? 'view' : 'views'} · {formatRelativeTime(video.createdAt)}
          </p>
        </div>
        {action ? <div className="shrink-0">{action}</div> : null}
      </div>
    </article>
  );
}

/** Responsive grid of cards. */
export function VideoGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-x-4 gap-y-8 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
      {children}
    </ul>
  );
}
