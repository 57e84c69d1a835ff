import { useTranslation } from '@/i18n/use-translation';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LIVE_POLL_MS } from '@streamhub/contract';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useEndLive } from '@/features/live/api/end-live';
import { GoLiveForm } from '@/features/live/components/go-live-form';
import { LivePlaceholder, LiveStatus } from '@/features/live/components/live-status';
import { StreamHelp } from '@/features/live/components/stream-help';
import { StreamKeyPanel } from '@/features/live/components/stream-key-panel';
import { handOverKey, takeKey } from '@/features/live/key-handoff';
import { useFollowLive } from '@/features/live/use-follow-live';
import { useWatchVideo } from '@/features/watch/api/get-watch-video';
import { VideoPlayer } from '@/features/watch/components/video-player';
import { watchHref } from '@/components/video-card';
import { errorText } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { useGoBack } from '@/lib/go-back';
import { toastError } from '@/lib/toast';

/** /live/new: the Go live form; the new live's page follows, with its key shown once. */
export function GoLivePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack('/videos');
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <title>{t('goLivePage.documentTitle')}</title>
      <h1 className="text-2xl font-semibold">{t('goLivePage.title')}</h1>
      <GoLiveForm
        onCancel={goBack}
        onCreated={({ _id, streamKey, serverUrl, ingestUrl }) => {
          handOverKey(_id, { streamKey, serverUrl, ingestUrl });
          void navigate(`/live/${encodeURIComponent(_id)}`, { replace: true });
        }}
      />
    </div>
  );
}

/**
 * /live/:videoId: the creator's page of one live: its state (polled), the ingest URL and key
 * (shown once; "New key"), a preview of the incoming stream once it is live, and End stream.
 */
export function LiveStudioPage() {
  const { t } = useTranslation();
  const { videoId = '' } = useParams();
  const [key] = useState(() => takeKey(videoId));
  const video = useWatchVideo(videoId);
  const user = useCurrentUser();
  const live = useFollowLive({
    video: video.data ?? { _id: videoId, isLive: false, status: 'ready' },
    steadyMs: LIVE_POLL_MS,
    refetchVideo: () => void video.refetch(),
  });
  const end = useEndLive(videoId);
  const [confirming, setConfirming] = useState(false);

  if (video.isPending) return <LoadingScreen />;
  if (video.isError || !video.data || video.data.owner?._id !== user?._id) {
    return (
      <div role="alert" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-center">
        <title>{t('liveStudio.unavailableDocumentTitle')}</title>
        <h1 className="text-xl font-semibold">{t('liveStudio.unavailable')}</h1>
        <p className="text-muted">{errorText(video.error, t('liveStudio.onlyCreator'))}</p>
      </div>
    );
  }
  const data = video.data;
  const title = data.title?.trim() || t('liveStudio.untitled');
  const endStream = async () => {
    try {
      await end.mutateAsync();
      void video.refetch();
    } catch (e) {
      toastError(errorText(e, t('liveStudio.endFailed')));
    }
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <title>{t('liveStudio.documentTitle', { title })}</title>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="me-auto text-2xl font-semibold break-words">{title}</h1>
        <Link to={watchHref(videoId)} className={buttonClasses('secondary')}>
          {t('liveStudio.openWatchPage')}
        </Link>
        {live && live.status !== 'ended' ? (
          <Button variant="danger" aria-disabled={end.isPending} onClick={() => setConfirming(true)}>
            {t('liveStudio.endStream')}
          </Button>
        ) : null}
      </header>
      {live ? (
        <LiveStatus status={live.status} viewers={live.viewers} />
      ) : (
        <p className="text-muted">{t('liveStudio.replayReady')}</p>
      )}
      {live ? <StreamHelp status={live.status} refused={live.refused} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        {/* The preview: what viewers get, at the live edge. */}
        <section aria-label={t('liveStudio.preview')} className="flex flex-col gap-2">
          {live && live.status !== 'live' ? (
            <LivePlaceholder status={live.status} poster={data.thumbnail} />
          ) : (
            <VideoPlayer
              key={live ? 'live' : 'video'}
              live={Boolean(live)}
              hlsUrl={data.hlsUrl}
              videoFile={data.videoFile}
              storyboardUrl={data.storyboardUrl}
              poster={data.thumbnail}
              title={t('liveStudio.previewTitle', { title })}
              duration={data.duration}
              onMediaRefused={() => void video.refetch()}
            />
          )}
        </section>
        {live && live.status !== 'ended' ? <StreamKeyPanel videoId={videoId} initialKey={key} /> : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('liveStudio.endTitle')}
        description={t('liveStudio.endDescription')}
        onConfirm={() => void endStream()}
      />
    </div>
  );
}
