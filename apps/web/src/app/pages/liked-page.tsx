import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useLikedVideos } from '@/features/likes/api/get-liked-videos';
import { RemoveLikedButton } from '@/features/likes/components/remove-liked-button';
import { VideoCard, VideoGrid } from '@/features/video-list/components/video-card';

/** /liked: 'Liked Videos' grid with a remove button per video (SPEC §2). */
export function LikedPage() {
  const liked = useLikedVideos();
  return (
    <section aria-labelledby="liked-title" className="flex flex-col gap-6">
      <title>Liked Videos · StreamHub</title>
      <h1 id="liked-title" className="text-2xl font-bold">
        Liked Videos
      </h1>
      {liked.isPending ? (
        <LoadingScreen />
      ) : liked.isError ? (
        <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
          <p>Failed to load liked videos. Please try again later.</p>
          <Button variant="secondary" onClick={() => void liked.refetch()}>
            Try Again
          </Button>
        </div>
      ) : liked.data.length === 0 ? (
        <p className="py-16 text-center text-lg text-muted">No Liked Videos</p>
      ) : (
        <VideoGrid label="Liked Videos">
          {liked.data.map((video) => (
            <li key={video._id}>
              <VideoCard
                video={video}
                action={<RemoveLikedButton videoId={video._id} title={video.title?.trim() || 'Untitled Video'} />}
              />
            </li>
          ))}
        </VideoGrid>
      )}
    </section>
  );
}
