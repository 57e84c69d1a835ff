import type { DashboardVideo } from '@streamhub/contract';
import { Link } from 'react-router';
import { Img } from '@/components/ui/img';
import { formatCount, formatDuration } from '@/lib/formatters';
import { VideoCardMenu } from './video-card-menu';

type ChannelVideoCardProps = {
  video: DashboardVideo;
  isOwner: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

function StatusOverlay({ video }: { video: DashboardVideo }) {
  if (video.status === 'processing') {
    const percent = Math.round(Math.min(100, Math.max(0, video.progress ?? 0)));
    return (
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/70 p-4 text-center">
        <p className="text-sm font-medium">Processing… {percent}%</p>
        <div
          role="progressbar"
          aria-label={`Processing ${video.title || 'video'}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 w-3/4 overflow-hidden rounded-full bg-zinc-700"
        >
          <div className="h-full bg-brand transition-[width] duration-500" style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }
  if (video.status === 'failed') {
    return (
      <div className="absolute inset-0 flex items-center justify-center bg-black/75 p-4 text-center">
        <p className="text-sm font-medium text-red-300">Failed: {video.failureReason || 'Unknown error'}</p>
      </div>
    );
  }
  return null;
}

/** A card on /videos: thumbnail, duration, title, description, exclusive marker, views (SPEC §2). */
export function ChannelVideoCard({ video, isOwner, onEdit, onDelete }: ChannelVideoCardProps) {
  const title = video.title || 'Untitled Video';
  const ready = video.status === 'ready';
  const media = (
    <div className="relative aspect-video overflow-hidden rounded-xl bg-raised">
      <Img src={video.thumbnail} fallback="thumbnail" alt="" className="h-full w-full object-cover" />
      {ready ? (
        <span className="absolute right-2 bottom-2 rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium tabular-nums">
          {formatDuration(video.duration)}
        </span>
      ) : null}
      {video.isExclusive ? (
        <span className="absolute top-2 left-2 rounded bg-amber-500 px-2 py-0.5 text-xs font-semibold text-black">Exclusive</span>
      ) : null}
      <StatusOverlay video={video} />
    </div>
  );
  const watchUrl = `/video/watch/${video._id}`;
  return (
    <article aria-label={title} className="group flex flex-col gap-3" data-status={video.status}>
      {ready ? (
        // The title link below is the keyboard/screen-reader target; the thumbnail is a mouse shortcut.
        <Link to={watchUrl} tabIndex={-1} aria-hidden="true" className="block rounded-xl">
          {media}
        </Link>
      ) : (
        media
      )}
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className="line-clamp-3 font-medium break-words">
            {ready ? (
              <Link
                to={watchUrl}
                className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400"
              >
                {title}
              </Link>
            ) : (
              title
            )}
          </h3>
          <p className="text-xs text-muted">
            {video.isExclusive ? <span className="sr-only">Exclusive video · </span> : null}
            {formatCount(video.views)} views
          </p>
          <p className="line-clamp-6 text-sm break-words whitespace-pre-line text-zinc-400">{video.description}</p>
        </div>
        {isOwner ? <VideoCardMenu title={title} onEdit={onEdit} onDelete={onDelete} /> : null}
      </div>
    </article>
  );
}
