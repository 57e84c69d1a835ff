import { VideoCollection } from '@/components/video-collection';
import { videoTitle } from '@/components/video-card';
import { ConfirmRemoveButton } from '@/components/ui/confirm-remove-button';
import { useLikedVideos } from '@/features/likes/api/get-liked-videos';
import { useRemoveLikedVideo } from '@/features/likes/api/remove-liked-video';

/** /liked: 'Liked Videos' grid with a remove button per video after 'Remove Liked Video?' (SPEC §2, §8). */
export function LikedPage() {
  const liked = useLikedVideos();
  const remove = useRemoveLikedVideo();
  const items = (liked.data ?? []).map((video) => ({
    key: video._id,
    video,
    action: (
      <ConfirmRemoveButton
        label={`Remove ${videoTitle(video)} from liked videos`}
        title="Remove Liked Video?"
        description="The video will be removed from your liked videos."
        pending={remove.isPending && remove.variables === video._id}
        onConfirm={() => remove.mutate(video._id)}
      />
    ),
  }));
  return (
    <VideoCollection
      title="Liked Videos"
      status={liked.status}
      groups={[{ items }]}
      emptyText="No Liked Videos"
      errorText="Failed to load liked videos. Please try again later."
      onRetry={() => void liked.refetch()}
    />
  );
}
