import { useTranslation } from '@/i18n/use-translation';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Img } from '@/components/ui/img';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { ApiError, errorText } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { formatCount, formatDate } from '@/lib/formatters';
import { usePurchaseInfo } from '../api/get-purchase-info';
import { useRefusalRedirect } from '../use-refusal-redirect';
import { BuyVideoButton } from './buy-video-button';
import { JoinMembershipButton, useChannelMembership } from './membership';

type VideoBuyViewProps = {
  videoId: string;
  /**
   * SPEC §2: a viewer who can already watch it goes back one page. Absent when going back would
   * only reopen the watch page that just refused it: the page then says so instead of looping.
   */
  onHasAccess?: () => void;
  onPurchased: () => void;
};

function Unavailable({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <div role="alert" className="flex min-h-[40vh] flex-col items-center justify-center gap-2 text-center">
      <title>{`${title} · StreamHub`}</title>
      <h1 className="text-xl font-semibold">{title}</h1>
      {text ? <p className="text-muted">{text}</p> : null}
      {children}
    </div>
  );
}

/** /video/buy/{videoId}: preview, creator, views, date, description, 'Exclusive Video' and Buy (SPEC §2). */
export function VideoBuyView({ videoId, onHasAccess, onPurchased }: VideoBuyViewProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // After buying, the refreshed info says hasAccess: that must not send the buyer back.
  const [bought, setBought] = useState(false);
  const info = usePurchaseInfo(videoId, { enabled: !bought });
  const hasAccess = info.data?.hasAccess === true && !bought;
  // An expired session (401) goes to sign-in, as on the watch page.
  const leaving = useRefusalRedirect(info.error, videoId);

  useEffect(() => {
    if (info.error) console.error('Could not load the purchase info', info.error);
  }, [info.error]);
  useEffect(() => {
    if (hasAccess) onHasAccess?.();
  }, [hasAccess, onHasAccess]);

  if (hasAccess && !onHasAccess) {
    return (
      <Unavailable title={t('videoBuy.unableToLoad')} text={t('videoBuy.alreadyAccess')}>
        <Link to={`/video/watch/${encodeURIComponent(videoId)}`} replace className={buttonClasses('primary', 'md', 'mt-2')}>
          {t('videoBuy.tryAgain')}
        </Link>
      </Unavailable>
    );
  }
  if (info.isPending || hasAccess || leaving) return <LoadingScreen />;
  if (info.isError) {
    return info.error instanceof ApiError && info.error.status === 404 ? (
      <Unavailable title={t('videoBuy.notFound')} />
    ) : (
      <Unavailable title={t('videoBuy.unableToLoad')} text={errorText(info.error, t('videoBuy.loadProblem'))} />
    );
  }

  const { video } = info.data;
  const membersOnly = Boolean(video.membersOnly) && !video.isExclusive;
  const title = video.title?.trim() || t('videoBuy.untitled');
  const owner = video.owner;
  const isSelf = Boolean(user && owner && owner._id === user._id);
  const channelHref = isSelf ? '/channel' : `/channel/${encodeURIComponent(owner?._id ?? '')}`;

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <title>{`${t('videoBuy.pageTitle', { title })} · StreamHub`}</title>
      <div className="relative overflow-hidden rounded-2xl bg-raised">
        {video.thumbnail ? (
          <Img
            src={video.thumbnail}
            fallback="thumbnail"
            alt={t('videoBuy.preview', { title })}
            className="aspect-video w-full object-cover"
          />
        ) : (
          <div className="grid aspect-video w-full place-items-center text-muted">{t('videoBuy.noPreview')}</div>
        )}
        <span className="absolute top-3 start-3 rounded bg-amber-500 px-2 py-1 text-xs font-semibold text-black">
          {membersOnly ? t('videoBuy.membersOnly') : t('videoBuy.exclusive')}
        </span>
      </div>
      <section aria-labelledby="buy-title" className="flex flex-col gap-4 rounded-2xl border border-line bg-panel p-5">
        <h1 id="buy-title" className="line-clamp-3 text-2xl font-bold break-words">
          {title}
        </h1>
        <Link to={channelHref} className="flex min-w-0 items-center gap-3 self-start rounded-xl pe-2 hover:bg-hover">
          <Img src={owner?.avatar} fallback="avatar" alt="" className="h-11 w-11 shrink-0 rounded-full object-cover" />
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-semibold">{owner?.fullname || t('common.unknown')}</span>
            <span className="truncate text-sm text-muted">@{owner?.username || 'unknown'}</span>
          </span>
        </Link>
        <p className="text-sm text-muted">
          {t('count.views', { count: video.views, formatted: formatCount(video.views) })} · {formatDate(video.createdAt)}
        </p>
        <p className="line-clamp-6 text-sm break-words whitespace-pre-line text-zinc-300">
          {video.description?.trim() || t('videoBuy.noDescription')}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3 border-t border-line pt-4">
          {membersOnly ? (
            <MembersOnlyOffer channelId={owner._id} onJoined={onPurchased} />
          ) : (
            <>
              <p className="me-auto text-sm text-zinc-300">{t('videoBuy.buyOnce')}</p>
              <BuyVideoButton
                videoId={video._id}
                title={title}
                price={video.price}
                onPurchased={() => {
                  setBought(true);
                  onPurchased();
                }}
              />
            </>
          )}
        </div>
      </section>
    </div>
  );
}

/** A members-only video (API.md §20): the channel's membership, joined from here. */
function MembersOnlyOffer({ channelId, onJoined }: { channelId: string; onJoined: () => void }) {
  const { t } = useTranslation();
  const membership = useChannelMembership(channelId);
  const offer = membership.data?.offer;
  return (
    <>
      <p className="me-auto text-sm text-zinc-300">{t('videoBuy.forMembers')}</p>
      {offer ? <JoinMembershipButton channelId={channelId} price={offer.price} onJoined={onJoined} /> : null}
    </>
  );
}
