import { useTranslation } from '@/i18n/use-translation';
import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { VideoCard as ListedVideo } from '@streamhub/contract';
import { useCurrentUser } from '@/lib/auth';
import { formatCount, formatDuration, formatRelativeTime } from '@/lib/formatters';
import { GRID_CARD_SIZES, ROW_CARD_SIZES, thumbnailSrcSet } from '@/lib/thumbnails';
import { useNow } from '@/lib/use-now';
import { cardOwner, channelHref } from '@/lib/video-owner';
import { Img } from './ui/img';

/**
 * The level of the card titles below it: 2 in a grid right under the page's h1, 3 (the default)
 * under a section's own h2 (a watched day, More videos), so headings never skip a level.
 */
const CardHeadingLevel = createContext<2 | 3>(3);

/** What every video card shows; the contract's VideoCard, DashboardVideo and MoreVideo all fit. */
export type VideoCardData = {
  _id: string;
  title: string;
  thumbnail: string;
  duration: number;
  views: number;
  createdAt: string;
  isExclusive?: boolean;
  /** A live stream arriving now (API.md §17): the LIVE badge instead of the duration. */
  isLive?: boolean;
};

/** How a first-screen card's thumbnail loads: at once, and the largest paint's before everything else. */
export type ThumbnailPriority = 'high' | 'eager';

/** The cards on a desktop's first screen: their thumbnails load at once, not when scrolled to. */
const FIRST_SCREEN_CARDS = 4;

/**
 * The priority of a list's `index`th card on the page's first screen. A list's first card is the
 * page's largest paint (on a phone the only card on the first screen): it alone goes first (high
 * priority, preloaded by the server); four at high priority shared a phone's connection and
 * painted it later.
 */
export const thumbnailPriority = (index: number): ThumbnailPriority | undefined =>
  index === 0 ? 'high' : index < FIRST_SCREEN_CARDS ? 'eager' : undefined;

export type VideoCardOwner = { fullname: string; avatar: string; href: string | null };

type VideoCardProps = {
  video: VideoCardData;
  /** 'grid': thumbnail above the text (home, channel videos, liked, history); 'row': beside it (more videos). */
  layout?: 'grid' | 'row';
  /** Where the card leads: the watch page by default; null while the video cannot be watched yet. */
  href?: string | null;
  /** The channel line with its avatar (lists that mix channels). */
  owner?: VideoCardOwner;
  description?: string;
  /** Shown over the thumbnail instead of the duration (e.g. processing progress). */
  overlay?: ReactNode;
  /** A control beside the text: remove button, owner menu. */
  action?: ReactNode;
  /** A line under the counts: the owner's dashboard names the video's visibility. */
  badge?: ReactNode;
  /** Processing state of the owner's own videos, exposed for styling and tests. */
  status?: string;
  /** A card on the page's first screen: its thumbnail loads at once ('eager'), the first one first ('high': the page's largest paint). */
  priority?: ThumbnailPriority;
  /** Tells a list's cards from another list's on the same page (the For you shelf above the home grid). */
  testId?: string;
};

export const videoTitle = (video: { title?: string | null }) => video.title?.trim() || 'Untitled Video';
export const watchHref = (videoId: string) => `/video/watch/${encodeURIComponent(videoId)}`;

/** The red LIVE mark of a stream arriving now (cards, the watch page). */
export function LiveBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="live-badge"
      className={`rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold tracking-wide text-white ${className}`}
    >
      {t('video.liveBadge')}
    </span>
  );
}

/** Thumbnail (default image on failure) with the mm:ss duration (or LIVE) and the exclusive badge (SPEC §2, §3, §8). */
export function VideoThumbnail({
  video,
  overlay,
  small,
  priority,
}: {
  video: VideoCardData;
  overlay?: ReactNode;
  small?: boolean;
  priority?: ThumbnailPriority;
}) {
  const { t } = useTranslation();
  return (
    <div className={`relative overflow-hidden bg-raised ${small ? 'rounded-lg' : 'rounded-xl'}`}>
      <Img
        src={video.thumbnail}
        srcSet={thumbnailSrcSet(video.thumbnail)}
        sizes={small ? ROW_CARD_SIZES : GRID_CARD_SIZES}
        fallback="thumbnail"
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority === 'high' ? 'high' : undefined}
        className="aspect-video w-full object-cover transition-transform group-hover:scale-[1.02]"
      />
      {overlay ?? (video.isLive ? <LiveBadge className="absolute end-1.5 bottom-1.5" /> : null) ?? (
        <span
          className={`keep-dark absolute end-1.5 bottom-1.5 rounded bg-black/80 font-medium tabular-nums ${small ? 'px-1 text-xs' : 'px-1.5 py-0.5 text-xs'}`}
        >
          {formatDuration(video.duration)}
        </span>
      )}
      {video.isExclusive ? (
        <span className="absolute top-1.5 start-1.5 rounded bg-amber-500 px-1.5 py-0.5 text-xs font-semibold text-black">
          {t('video.exclusive')}
        </span>
      ) : null}
    </div>
  );
}

function OwnerAvatar({ owner }: { owner: VideoCardOwner }) {
  const avatar = <Img src={owner.avatar} fallback="avatar" alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />;
  return owner.href ? (
    <Link to={owner.href} aria-label={`${owner.fullname}'s channel`} className="h-9 shrink-0 rounded-full">
      {avatar}
    </Link>
  ) : (
    avatar
  );
}

/**
 * The one video card (home grid, channel videos, liked, history, more videos). The title link is
 * the keyboard and screen-reader target; the thumbnail is the same link for the mouse.
 */
export function VideoCard({
  video,
  layout = 'grid',
  href = watchHref(video._id),
  owner,
  description,
  overlay,
  action,
  badge,
  status,
  priority,
  testId = 'video-card',
}: VideoCardProps) {
  const { t } = useTranslation();
  const title = videoTitle(video);
  const row = layout === 'row';
  const Heading = useContext(CardHeadingLevel) === 2 ? 'h2' : 'h3';
  const now = useNow();
  const thumbnail = <VideoThumbnail video={video} overlay={overlay} small={row} priority={priority} />;
  return (
    <article
      aria-label={title}
      data-testid={testId}
      data-status={status}
      className={`group flex gap-3 ${row ? 'flex-row' : 'flex-col'}`}
    >
      <div className={row ? 'w-40 shrink-0' : undefined}>
        {href ? (
          <Link to={href} tabIndex={-1} aria-hidden="true" className="block rounded-xl">
            {thumbnail}
          </Link>
        ) : (
          thumbnail
        )}
      </div>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {owner && !row ? <OwnerAvatar owner={owner} /> : null}
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <Heading className={`break-words ${row ? 'line-clamp-2 text-sm font-semibold' : 'line-clamp-3 font-semibold'}`}>
            {href ? (
              <Link to={href} className="rounded hover:underline" title={title}>
                {title}
              </Link>
            ) : (
              title
            )}
            {video.isExclusive ? <span className="sr-only"> {t('video.exclusiveHidden')}</span> : null}
            {video.isLive ? <span className="sr-only"> {t('video.liveHidden')}</span> : null}
          </Heading>
          {owner ? (
            owner.href ? (
              <Link to={owner.href} className="truncate text-sm text-muted hover:text-fg">
                {owner.fullname}
              </Link>
            ) : (
              <span className="truncate text-sm text-muted">{owner.fullname}</span>
            )
          ) : null}
          <p className={`text-muted ${row ? 'text-xs' : 'text-sm'}`}>
            {t('count.views', { count: video.views, formatted: formatCount(video.views) })} ·{' '}
            {formatRelativeTime(video.createdAt, now)}
          </p>
          {badge}
          {description ? (
            <p className="mt-1 line-clamp-6 text-sm break-words whitespace-pre-line text-zinc-400">{description}</p>
          ) : null}
        </div>
        {action ? <div className="shrink-0">{action}</div> : null}
      </div>
    </article>
  );
}

/** A card of a list that mixes channels (home, liked, history): the owner opens their channel. */
export function ListedVideoCard({
  video,
  action,
  priority,
  testId,
}: {
  video: ListedVideo;
  action?: ReactNode;
  priority?: ThumbnailPriority;
  testId?: string;
}) {
  const user = useCurrentUser();
  const owner = cardOwner(video);
  return (
    <VideoCard
      video={video}
      owner={{ fullname: owner.fullname, avatar: owner.avatar, href: channelHref(owner._id, user?._id) }}
      action={action}
      priority={priority}
      testId={testId}
    />
  );
}

/** The responsive grid the cards sit in; `headingLevel` 3 when the grid has a heading of its own. */
export function VideoGrid({ children, label, headingLevel = 2 }: { children: ReactNode; label?: string; headingLevel?: 2 | 3 }) {
  return (
    <CardHeadingLevel.Provider value={headingLevel}>
      <ul aria-label={label} className="grid grid-cols-1 gap-x-4 gap-y-8 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
        {children}
      </ul>
    </CardHeadingLevel.Provider>
  );
}
