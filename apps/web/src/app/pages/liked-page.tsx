import { VideoCollection } from '@/components/video-collection';
import { videoTitle } from '@/components/video-card';
import { useLikedVideos } from '@/features/likes/api/get-liked-videos';
import { RemoveLikedButton } from '@/features/likes/components/remove-liked-button';

/** /liked: 'Liked Videos' grid with a remove button per video (SPEC §2). */
export function LikedPage() {
  const liked = useLikedVideos();
  const items = (liked.data ?? []).map((video) => ({
    key: video._id,
    video,
    action: <RemoveLikedButton videoId={video._id} title={videoTitle(video)} />,
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
