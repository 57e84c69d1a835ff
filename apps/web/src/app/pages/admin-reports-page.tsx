import { useTranslation } from '@/i18n/use-translation';
import { useState } from 'react';
import type { ReportedVideo } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { Img } from '@/components/ui/img';
import { Spinner } from '@/components/ui/spinner';
import { SuspendUserButton } from '@/features/admin/components/suspend-user-button';
import { useComments } from '@/features/comments/api/get-comments';
import { ReportQueueView } from '@/features/moderation/components/report-queue-view';
import type { ReportCardSlots } from '@/features/moderation/components/report-card';
import { useWatchVideo } from '@/features/watch/api/get-watch-video';
import { VideoPlayer } from '@/features/watch/components/video-player';
import { errorText } from '@/lib/api-client';
import { formatRelativeTime } from '@/lib/formatters';
import { StaffPage } from '../layouts/staff-page';

/** The watch call and the player of a reported video, once the moderator asks to play it. */
function ReportedVideoStream({ video }: { video: ReportedVideo }) {
  const { t } = useTranslation();
  const watch = useWatchVideo(video._id);
  if (watch.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        <Spinner className="h-4 w-4 border-2" /> {t('adminReports.loadingVideo')}
      </p>
    );
  if (watch.isError) return <p className="text-sm text-muted">{errorText(watch.error, t('adminReports.cannotPlay'))}</p>;
  return (
    <VideoPlayer
      hlsUrl={watch.data.hlsUrl}
      videoFile={watch.data.videoFile}
      storyboardUrl={watch.data.storyboardUrl}
      poster={watch.data.thumbnail}
      title={watch.data.title}
      duration={watch.data.duration}
      onMediaRefused={() => void watch.refetch()}
    />
  );
}

/** A reported video's poster with Play: a queue of many reports never streams them all at once. */
function ReportedVideoPlayer({ video }: { video: ReportedVideo }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  if (playing || video.status !== 'ready') return playing ? <ReportedVideoStream video={video} /> : <Poster video={video} />;
  return (
    <div className="relative w-full max-w-xl">
      <Poster video={video} />
      <Button className="absolute inset-0 m-auto w-fit" onClick={() => setPlaying(true)}>
        {t('adminReports.play', { title: video.title || t('adminReports.untitled') })}
      </Button>
    </div>
  );
}

function Poster({ video }: { video: ReportedVideo }) {
  return (
    <Img src={video.thumbnail} fallback="thumbnail" alt="" className="aspect-video w-full max-w-xl rounded-lg object-cover" />
  );
}

/** The comments around a reported one, the reported comment marked. */
function CommentThread({ parent, commentId }: { parent: { kind: 'video' | 'post'; id: string }; commentId: string }) {
  const { t } = useTranslation();
  const comments = useComments(parent);
  if (comments.isPending) return <p className="text-sm text-muted">{t('adminReports.loadingThread')}</p>;
  if (comments.isError) return <p className="text-sm text-muted">{t('adminReports.threadFailed')}</p>;
  const at = comments.data.findIndex((c) => c._id === commentId);
  // The reported comment with up to two before and after it; the rest of the thread is on its page.
  const around = at < 0 ? comments.data.slice(-5) : comments.data.slice(Math.max(0, at - 2), at + 3);
  if (around.length === 0) return null;
  return (
    <details className="rounded-lg border border-line p-3 text-sm">
      <summary className="cursor-pointer">{t('adminReports.thread', { count: comments.data.length })}</summary>
      <ol className="mt-2 flex flex-col gap-2">
        {around.map((c) => (
          <li
            key={c._id}
            className={c._id === commentId ? 'rounded bg-amber-500/15 p-2' : 'p-2'}
            aria-current={c._id === commentId ? 'true' : undefined}
          >
            <span className="font-semibold">@{c.owner?.username}</span>{' '}
            <span className="text-muted">{formatRelativeTime(c.createdAt)}</span>
            <p className="break-words whitespace-pre-line">{c.content}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}

const slots: ReportCardSlots = {
  videoPlayer: (video) => <ReportedVideoPlayer video={video} />,
  commentThread: (parent, commentId) => <CommentThread parent={parent} commentId={commentId} />,
  accountAction: (owner) => <SuspendUserButton userId={owner._id} username={owner.username} />,
};

/** /admin/reports: the moderation queue (moderators and admins). */
export function AdminReportsPage() {
  const { t } = useTranslation();
  return (
    <StaffPage level="moderator" title={t('adminReports.title')}>
      <ReportQueueView slots={slots} />
    </StaffPage>
  );
}
