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

const rowClasses = 'flex items-center gap-3 rounded-xl border border-line bg-panel p-3 sm:gap-4';

type AmountProps = { amount: number; purchasedAt: string; refund?: Refund };

/** The price paid and when; a refunded purchase says so (docs/moderation.md, "Refunds"). */
function Amount({ amount, purchasedAt, refund }: AmountProps) {
  const refunded = isRefunded(refund);
  return (
    <div className="flex shrink-0 flex-col items-end gap-0.5 text-right">
      {refunded ? (
        <span
          className="rounded bg-emerald-900/70 px-1.5 py-0.5 text-xs font-semibold text-emerald-200"
          title={refund?.refundReason ?? undefined}
        >
          Refunded
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
  const video = item.videoId;
  const title = video.title?.trim() || 'Untitled Video';
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
        <span className="keep-dark absolute right-1 bottom-1 rounded bg-black/80 px-1 text-xs tabular-nums">
          {formatDuration(video.duration)}
        </span>
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link to={href} className="line-clamp-2 font-medium break-words hover:underline">
          {title}
        </Link>
        <span className="truncate text-sm text-muted">{video.owner?.fullname || 'Unknown'}</span>
        {item.playlistId ? (
          <span className="truncate text-sm text-muted">
            From{' '}
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
  const playlist = item.playlistId;
  return (
    <article aria-label={playlist.name} className={rowClasses}>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <Link to={purchasedPlaylistHref(playlist)} className="line-clamp-2 font-medium break-words hover:underline">
          {playlist.name}
        </Link>
        <span className="truncate text-sm text-muted">{playlist.owner?.fullname || 'Unknown'}</span>
      </div>
      <Amount amount={item.amount} purchasedAt={item.purchasedAt} refund={item} />
    </article>
  );
}

function UploadRow({ item }: { item: PurchasedUpload }) {
  return (
    <article aria-label={`${item.uploadCount} upload slots`} className={rowClasses}>
      <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-raised text-lg">
        <UploadIcon />
      </span>
      <p className="min-w-0 flex-1 font-medium">+{item.uploadCount} upload slots</p>
      <Amount amount={item.amount} purchasedAt={item.purchasedAt} />
    </article>
  );
}

function SectionItems({ section }: { section: PurchaseSection }) {
  if (section.items.length === 0) return <p className="text-sm text-muted">{section.emptyNote}</p>;
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
  const id = `purchases-${section.kind}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-baseline gap-2">
        {/* The heading is the spec's text alone (SPEC §2); the count sits beside it. */}
        <h2 id={id} className="text-lg font-semibold">
          {section.title}
        </h2>
        <span className="text-sm text-muted">({section.items.length})</span>
      </div>
      <SectionItems section={section} />
    </section>
  );
}

/** /purchases: 'Purchase History' (SPEC §2); a load error is only logged (SPEC §8). */
export function PurchaseHistoryView() {
  const history = usePurchaseHistory();
  useEffect(() => {
    if (history.error) console.error('Could not load the purchase history', history.error);
  }, [history.error]);

  if (history.isPending) return <LoadingScreen />;
  const sections = history.data ?? [];
  if (isEmptyHistory(sections)) return <p className="py-16 text-center text-lg text-muted">No Purchase History</p>;
  return (
    <div className="flex flex-col gap-8">
      {sections.map((section) => (
        <Section key={section.kind} section={section} />
      ))}
    </div>
  );
}
