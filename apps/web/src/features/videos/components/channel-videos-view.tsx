import { useTranslation } from '@/i18n/use-translation';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { UploadIcon } from '@/components/ui/icons';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { VideoGrid } from '@/components/video-card';
import { errorText } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';
import { useChannelVideos } from '../api/get-channel-videos';
import { useDeleteVideo } from '../api/delete-video';
import { isQuotaFull } from '../channel-videos';
import { ChannelVideoCard } from './channel-video-card';

type ChannelVideosViewProps = {
  channelId: string;
  isOwner: boolean;
  title: string;
  /** 'Buy Uploads', composed by the page; replaces New Video when the quota is full (SPEC §2). */
  buyUploads?: ReactNode;
};

/** /videos and /videos/{channelId}: a channel's videos; the owner can manage them (SPEC §2, §6). */
export function ChannelVideosView({ channelId, isOwner, title, buyUploads }: ChannelVideosViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const videos = useChannelVideos(channelId);
  const deleteVideo = useDeleteVideo();

  // SPEC §8 lists no confirmation for deleting a video: Delete in the menu deletes.
  async function deleteOne(videoId: string) {
    try {
      await deleteVideo.mutateAsync(videoId);
      toastSuccess(t('channelVideos.deleted'));
    } catch (e) {
      console.error('Could not delete the video', e);
      toastError(errorText(e, t('channelVideos.deleteFailed')));
    }
  }

  const uploads = videos.data?.uploads;
  const list = videos.data?.videos ?? [];
  const headingRef = useFocusAfterRemoval<HTMLHeadingElement>(videos.data?.videos.length);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <title>{`${title} · StreamHub`}</title>
      <header className="flex flex-wrap items-center gap-3">
        <h1 ref={headingRef} tabIndex={-1} className="me-auto text-2xl font-semibold focus:outline-none">
          {title}
        </h1>
        {isOwner && uploads ? (
          <>
            <Link to="/studio" className={buttonClasses('secondary')}>
              {t('channelVideos.studio')}
            </Link>
            <p className="text-sm text-muted">
              {t('channelVideos.uploads')}{' '}
              <span className="font-medium text-fg tabular-nums">{`${uploads.uploaded}/${uploads.uploadLimit}`}</span>
            </p>
            <Link to="/live/new" className={buttonClasses('secondary')}>
              {t('channelVideos.goLive')}
            </Link>
            {isQuotaFull(uploads) ? (
              buyUploads
            ) : (
              <Link to="/video/new" className={buttonClasses('primary')}>
                <UploadIcon />
                {t('channelVideos.newVideo')}
              </Link>
            )}
          </>
        ) : null}
      </header>

      {videos.isPending ? (
        <LoadingScreen />
      ) : videos.isError ? (
        <div role="alert" className="flex min-h-[30vh] flex-col items-center justify-center gap-3 text-center">
          <p className="text-muted">{errorText(videos.error, t('channelVideos.loadFailed'))}</p>
          <Button variant="secondary" onClick={() => void videos.refetch()}>
            {t('channelVideos.tryAgain')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="py-16 text-center text-muted">{t('channelVideos.empty')}</p>
      ) : (
        <VideoGrid label={title}>
          {list.map((video) => (
            <li key={video._id}>
              <ChannelVideoCard
                video={video}
                isOwner={isOwner}
                onEdit={() => void navigate(`/video/edit/${video._id}`)}
                onDelete={() => void deleteOne(video._id)}
              />
            </li>
          ))}
        </VideoGrid>
      )}
    </div>
  );
}
