import { useTranslation } from '@/i18n/use-translation';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Img } from '@/components/ui/img';
import { UploadIcon } from '@/components/ui/icons';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { formatDate, formatDuration } from '@/lib/formatters';
import { usePurchaseHistory } from '../api/get-purchase-history';
import { formatAmount } from '../money';
import {
  isEmptyHistory,
  isRefunded,
  purchasedPlaylistHref,
  type PurchasedPlaylist,
  type PurchasedUpload,
  type PurchasedVideo,
  type PurchaseSection,
  type Refund,
} from '../purchase-history';

/** Each section's heading and empty note in the catalogue (the English ones are purchase-history.ts's, SPEC §2). */
const SECTION_KEYS = {
  videos: { title: 'purchaseHistory.videos', empty: 'purchaseHistory.videosEmpty' },
  playlistVideos: { title: 'purchaseHistory.playlistVideos', empty: 'purchaseHistory.playlistVideosEmpty' },
  playlists: { title: 'purchaseHistory.playlists', empty: 'purchaseHistory.playlistsEmpty' },
  uploads: { title: 'purchaseHistory.uploads', empty: 'purchaseHistory.uploadsEmpty' },
} as const satisfies Record<PurchaseSection['kind'], { title: string; empty: string }>;

const rowClasses = 'flex items-center gap-3 rounded-xl border border-line bg-panel p-3 sm:gap-4';

type AmountProps = { amount: number; purchasedAt: string; refund?: Refund };

/** The price paid and when; a refunded purchase says so (docs/moderation.md, "Refunds"). */
function Amount({ amount, purchasedAt, refund }: AmountProps) {
  const { t } = useTranslation();
  const refunded = isRefunded(refund);
  return (
    <div className="flex shrink-0 flex-col items-end gap-0.5 text-end">
      {refunded ? (
        <span
          className="rounded bg-emerald-900/70 px-1.5 py-0.5 text-xs font-semibold text-emerald-200"
          title={refund?.refundReason ?? undefined}
        >
          {t('purchaseHistory.refunded')}
        </span>
      ) : null}
      <span className={`font-semibold tabular-nums ${refunded ? 'text-muted line-through' : ''}`}>{formatAmount(amount)}</span>
      <time dateTime={purchasedAt} className="text-xs text-muted">
        {formatDate(purchasedAt)}
      </time>
    </div>
  );
}

function VideoRow({ item }: { item: PurchasedVideo }) {
  const { t } = useTranslation();
  const video = item.videoId;
  const title = video.title?.trim() || t('purchaseHistory.untitled');
  const href = `/video/watch/${encodeURIComponent(video._id)}`;
  return (
    <article aria-label={title} className={rowClasses}>
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="relative block w-28 shrink-0 overflow-hidden rounded-lg sm:w-36"
      >
        <Img src={video.thumbnail} fallback="thumbnail" alt="" loading="lazy" className="aspect-video w-full object-cover" />
        <span className="keep-dark absolute end-1 bottom-1 rounded bg-black/80 px-1 text-xs tabular-nums">
          {formatDuration(video.duration)}
        </span>
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link to={href} className="line-clamp-2 font-medium break-words hover:underline">
          {title}
        </Link>
        <span className="truncate text-sm text-muted">{video.owner?.fullname || t('common.unknown')}</span>
        {item.playlistId ? (
          <span className="truncate text-sm text-muted">
            {t('purchaseHistory.from')}{' '}
            <Link to={purchasedPlaylistHref(item.playlistId)} className="text-zinc-200 underline-offset-2 hover:underline">
              {item.playlistId.name}
            </Link>
          </span>
        ) : null}
      </div>
      <Amount amount={item.amount} purchasedAt={item.purchasedAt} refund={item} />
    </article>
  );
}

function PlaylistRow({ item }: { item: PurchasedPlaylist }) {
  const { t } = useTranslation();
  const playlist = item.playlistId;
  return (
    <article aria-label={playlist.name} className={rowClasses}>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link to={purchasedPlaylistHref(playlist)} className="line-clamp-2 font-medium break-words hover:underline">
          {playlist.name}
        </Link>
        <span className="truncate text-sm text-muted">{playlist.owner?.fullname || t('common.unknown')}</span>
      </div>
      <Amount amount={item.amount} purchasedAt={item.purchasedAt} refund={item} />
    </article>
  );
}

function UploadRow({ item }: { item: PurchasedUpload }) {
  const { t } = useTranslation();
  return (
    <article aria-label={t('purchaseHistory.slots', { n: item.uploadCount })} className={rowClasses}>
      <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-raised text-lg">
        <UploadIcon />
      </span>
      <p className="min-w-0 flex-1 font-medium">{t('purchaseHistory.slotsAdded', { n: item.uploadCount })}</p>
      <Amount amount={item.amount} purchasedAt={item.purchasedAt} />
    </article>
  );
}

function SectionItems({ section }: { section: PurchaseSection }) {
  const { t } = useTranslation();
  if (section.items.length === 0) return <p className="text-sm text-muted">{t(SECTION_KEYS[section.kind].empty)}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {section.kind === 'playlists'
        ? section.items.map((item) => (
            <li key={item._id}>
              <PlaylistRow item={item} />
            </li>
          ))
        : section.kind === 'uploads'
          ? section.items.map((item) => (
              <li key={item._id}>
                <UploadRow item={item} />
              </li>
            ))
          : section.items.map((item) => (
              <li key={item._id}>
                <VideoRow item={item} />
              </li>
            ))}
    </ul>
  );
}

function Section({ section }: { section: PurchaseSection }) {
  const { t } = useTranslation();
  const id = `purchases-${section.kind}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-baseline gap-2">
        {/* The heading is the spec's text alone (SPEC §2); the count sits beside it. */}
        <h2 id={id} className="text-lg font-semibold">
          {t(SECTION_KEYS[section.kind].title)}
        </h2>
        <span className="text-sm text-muted">({section.items.length})</span>
      </div>
      <SectionItems section={section} />
    </section>
  );
}

/** /purchases: 'Purchase History' (SPEC §2); a load error is only logged (SPEC §8). */
export function PurchaseHistoryView() {
  const { t } = useTranslation();
  const history = usePurchaseHistory();
  useEffect(() => {
    if (history.error) console.error('Could not load the purchase history', history.error);
  }, [history.error]);

  if (history.isPending) return <LoadingScreen />;
  const sections = history.data ?? [];
  if (isEmptyHistory(sections)) return <p className="py-16 text-center text-lg text-muted">{t('purchaseHistory.empty')}</p>;
  return (
    <div className="flex flex-col gap-8">
      {sections.map((section) => (
        <Section key={section.kind} section={section} />
      ))}
    </div>
  );
}
