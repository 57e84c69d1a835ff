import { useTranslation } from '@/i18n/use-translation';
import { VideoCollection } from '@/components/video-collection';
import { videoTitle } from '@/components/video-card';
import { ConfirmRemoveButton } from '@/components/ui/confirm-remove-button';
import { useLikedVideos } from '@/features/likes/api/get-liked-videos';
import { useRemoveLikedVideo } from '@/features/likes/api/remove-liked-video';

/** /liked: 'Liked Videos' grid with a remove button per video after 'Remove Liked Video?' (SPEC §2, §8). */
export function LikedPage() {
  const { t } = useTranslation();
  const liked = useLikedVideos();
  const remove = useRemoveLikedVideo();
  const items = (liked.data ?? []).map((video) => ({
    key: video._id,
    video,
    action: (
      <ConfirmRemoveButton
        label={t('likedPage.remove', { title: videoTitle(video) })}
        title={t('likedPage.removeTitle')}
        description={t('likedPage.removeDescription')}
        pending={remove.isPending && remove.variables === video._id}
        onConfirm={() => remove.mutate(video._id)}
      />
    ),
  }));
  return (
    <VideoCollection
      title={t('likedPage.title')}
      status={liked.status}
      groups={[{ items }]}
      emptyText={t('likedPage.empty')}
      errorText={t('likedPage.loadFailed')}
      onRetry={() => void liked.refetch()}
    />
  );
}
