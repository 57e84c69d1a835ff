import { useTranslation } from '@/i18n/use-translation';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useVideoDetails } from '@/features/videos/api/get-video-details';
import { useChannelVideos } from '@/features/videos/api/get-channel-videos';
import { VideoEditFormView } from '@/features/videos/components/video-edit-form';
import { CaptionsEditor } from '@/features/captions/components/captions-editor';
import { ApiError, errorText } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { useGoBack } from '@/lib/go-back';
import { toastSuccess } from '@/lib/toast';

/** /video/edit/{videoId} (SPEC §2): the owner edits title, description and thumbnail; others go back. */
export function VideoEditPage() {
  const { t } = useTranslation();
  const { videoId = '' } = useParams();
  const goBack = useGoBack('/videos');
  const user = useCurrentUser();
  const details = useVideoDetails(videoId);
  // The details call names API.md §6's fields only; the owner's dashboard names each video's visibility (§18).
  const mine = useChannelVideos(user?._id ?? '');
  const own = mine.data?.videos.find((v) => v._id === videoId);
  const visibility = own?.visibility;
  // 404: not a video this user can see (someone else's still processing, or none): not theirs either.
  const hidden = details.error instanceof ApiError && details.error.status === 404;
  const notOwner = Boolean(user && ((details.data && details.data.owner !== user._id) || hidden));

  useEffect(() => {
    if (notOwner) goBack();
  }, [notOwner, goBack]);

  useEffect(() => {
    if (details.error)
      console.error('Could not load the video', details.error instanceof ApiError ? details.error.data : details.error);
  }, [details.error]);

  if (details.isPending || mine.isPending || notOwner) return <LoadingScreen />;
  if (details.isError) {
    return (
      <div role="alert" className="flex min-h-[40vh] flex-col items-center justify-center gap-2 text-center">
        <title>{t('videoEditPage.unavailableDocumentTitle')}</title>
        <h1 className="text-xl font-semibold">{t('videoEditPage.unavailable')}</h1>
        <p className="text-muted">{errorText(details.error, t('videoEditPage.loadFailed'))}</p>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <title>{t('videoEditPage.documentTitle')}</title>
      <h1 className="text-2xl font-semibold">{t('videoEditPage.title')}</h1>
      <VideoEditFormView
        key={details.data._id}
        video={{ ...details.data, ...(visibility ? { visibility } : {}), membersOnly: own?.membersOnly ?? false }}
        onCancel={goBack}
        onDone={(saved) => {
          if (saved) toastSuccess(t('videoEditPage.saved'));
          goBack();
        }}
      />
      <CaptionsEditor videoId={details.data._id} />
    </div>
  );
}
