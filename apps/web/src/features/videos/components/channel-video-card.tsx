import { useTranslation } from '@/i18n/use-translation';
import { VISIBILITY_LABEL_KEYS } from '@/components/ui/visibility-select';
import type { DashboardVideo } from '@streamhub/contract';
import { ItemMenu } from '@/components/ui/item-menu';
import { VideoCard, videoTitle, watchHref } from '@/components/video-card';
import { scheduleLabel } from '../schedule';
import { useRetryVideo } from '../api/retry-video';

type ChannelVideoCardProps = {
  video: DashboardVideo;
  isOwner: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

/** Processing progress, the failure reason or why it was removed, over the thumbnail of the owner's own video. */
function StatusOverlay({ video, isOwner }: { video: DashboardVideo; isOwner: boolean }) {
  const { t } = useTranslation();
  if (video.status === 'processing') {
    const percent = Math.round(Math.min(100, Math.max(0, video.progress ?? 0)));
    return (
      <div className="keep-dark absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/70 p-4 text-center">
        <p className="text-sm font-medium">{t('channelVideo.processing', { percent })}</p>
        <div
          role="progressbar"
          aria-label={t('channelVideo.processingLabel', { title: video.title || t('channelVideo.processingVideo') })}
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
  if (video.status === 'removed') {
    // Taken down by a moderator, or hidden while its owner is suspended (API.md §12): the owner sees why.
    return (
      <div className="keep-dark absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/80 p-4 text-center">
        <span className="rounded bg-red-700 px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
          {t('channelVideo.removed')}
        </span>
        <p className="line-clamp-3 text-sm font-medium text-red-200">
          {video.removedReason || t('channelVideo.removedByModerator')}
        </p>
      </div>
    );
  }
  if (video.status === 'scheduled') {
    // Transcoded and waiting for its time: its owner's alone until then (API.md §16).
    return (
      <div className="keep-dark absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/70 p-4 text-center">
        <span className="rounded bg-sky-700 px-2 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
          {t('channelVideo.scheduled')}
        </span>
        {video.publishAt ? <p className="text-sm font-medium">{scheduleLabel(video.publishAt)}</p> : null}
      </div>
    );
  }
  if (video.status === 'failed') {
    return (
      <div className="keep-dark absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/75 p-4 text-center">
        <p className="text-sm font-medium text-red-300">
          {t('channelVideo.failed', { reason: video.failureReason || t('channelVideo.unknownError') })}
        </p>
        {isOwner ? <RetryButton videoId={video._id} /> : null}
      </div>
    );
  }
  return null;
}

/** Processes a failed video again (its source still stored); the server's refusal is shown as it says it. */
function RetryButton({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const retry = useRetryVideo();
  return (
    <>
      <button
        type="button"
        className="rounded bg-brand px-3 py-1 text-sm font-semibold text-white disabled:opacity-60"
        disabled={retry.isPending}
        onClick={() => retry.mutate(videoId)}
      >
        {t('channelVideo.retry')}
      </button>
      {retry.error ? (
        <p role="alert" className="text-xs text-red-200">
          {retry.error.message}
        </p>
      ) : null}
    </>
  );
}

/** A card on /videos: thumbnail, duration, title, description, exclusive marker, views (SPEC §2). */
export function ChannelVideoCard({ video, isOwner, onEdit, onDelete }: ChannelVideoCardProps) {
  const { t } = useTranslation();
  const ready = video.status === 'ready';
  // A scheduled video plays already: its owner opens it to check it before its time.
  const playable = ready || video.status === 'scheduled';
  return (
    <VideoCard
      video={video}
      href={playable ? watchHref(video._id) : null}
      status={video.status}
      description={video.description}
      overlay={ready ? undefined : <StatusOverlay video={video} isOwner={isOwner} />}
      badge={
        isOwner ? (
          <p className="text-xs text-muted" data-testid="video-visibility" data-visibility={video.visibility}>
            {t(VISIBILITY_LABEL_KEYS[video.visibility])}
          </p>
        ) : null
      }
      action={
        isOwner ? (
          <ItemMenu label={t('channelVideo.options', { title: videoTitle(video) })} onEdit={onEdit} onDelete={onDelete} />
        ) : null
      }
    />
  );
}
