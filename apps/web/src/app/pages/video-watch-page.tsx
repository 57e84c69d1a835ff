import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { AddToPlaylistButton } from '@/features/playlists/components/add-to-playlist-button';
import { useRefusalRedirect } from '@/features/purchases/use-refusal-redirect';
import { SubscribeButton } from '@/features/subscriptions/components/subscribe-button';
import { useMoreVideos } from '@/features/watch/api/get-more-videos';
import { useVideoComments } from '@/features/watch/api/get-video-comments';
import { useWatchVideo } from '@/features/watch/api/get-watch-video';
import { useTrackWatch } from '@/features/watch/api/track-watch';
import { CommentsSection } from '@/features/watch/components/comments-section';
import { MoreVideos } from '@/features/watch/components/more-videos';
import { VideoPlayer } from '@/features/watch/components/video-player';
import { WatchDetails } from '@/features/watch/components/watch-details';
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query';

function WatchUnavailable() {
  const navigate = useNavigate();
  return (
    <div role="alert" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-center">
      <title>Unable to load video · StreamHub</title>
      <h1 className="text-xl font-semibold">Unable to load video</h1>
      <p className="text-muted">There was a problem loading this video.</p>
      <Button className="mt-2" onClick={() => void navigate('/home')}>
        Return to home
      </Button>
    </div>
  );
}

function Watch({ videoId }: { videoId: string }) {
  const wide = useMediaQuery(DESKTOP_QUERY);
  const video = useWatchVideo(videoId);
  const comments = useVideoComments(videoId);
  const track = useTrackWatch(videoId);
  const more = useMoreVideos(video.data?.owner?._id);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [subscriberDelta, setSubscriberDelta] = useState(0);

  const noAccess = useRefusalRedirect(video.error, videoId);

  for (const [what, query] of [
    ['video', video],
    ['comments', comments],
    ['watch history', track],
    ['more videos', more],
  ] as const) {
    if (query.error && !(what === 'video' && noAccess)) console.error(`Could not load ${what}`, query.error);
  }

  if (noAccess) return <LoadingScreen />;
  if (video.isError || comments.isError || track.isError || more.isError) return <WatchUnavailable />;
  // A video without an owner has no 'more videos' call to wait for.
  const moreVideos = video.data && !video.data.owner?._id ? [] : more.data;
  if (!video.data || !comments.data || track.isPending || !moreVideos) return <LoadingScreen />;

  const data = video.data;
  const isSubscribed = subscribed ?? data.isSubscribed ?? false;
  const subscribers = Math.max(0, (data.subscribers ?? 0) + subscriberDelta);

  return (
    // The side list needs room: from 1280 px it sits beside the player; between 1024 and 1280 px it
    // goes below the page so the player keeps a usable width (SPEC §2: 'More videos' on wide screens).
    <div className="mx-auto flex w-full max-w-[1600px] flex-col gap-6 xl:flex-row">
      <title>{`${data.title?.trim() || 'Untitled Video'} · StreamHub`}</title>
      <div className="flex min-w-0 flex-1 flex-col gap-6">
        {/* Not lazy: this page is its own chunk already, and a suspending player would wait for
            React's Suspense reveal throttle (~300 ms) before hls.js could start. */}
        <VideoPlayer
          hlsUrl={data.hlsUrl}
          videoFile={data.videoFile}
          poster={data.thumbnail}
          title={data.title?.trim() || 'Untitled Video'}
        />
        <WatchDetails
          video={data}
          subscribers={subscribers}
          playlistAction={<AddToPlaylistButton videoId={videoId} />}
          subscribeAction={
            data.owner?._id ? (
              <SubscribeButton
                channelId={data.owner._id}
                subscribed={isSubscribed}
                onSubscribedChange={(next) => {
                  // SPEC §4: up when the toggle answers data, down when it answers null.
                  setSubscriberDelta((d) => d + (next ? 1 : -1));
                  setSubscribed(next);
                }}
              />
            ) : null
          }
        />
        <CommentsSection videoId={videoId} comments={comments.data} />
      </div>
      {wide ? (
        <aside className="w-full shrink-0 xl:w-80 2xl:w-96">
          <MoreVideos videos={moreVideos} currentId={videoId} />
        </aside>
      ) : null}
    </div>
  );
}

/** /video/watch/:videoId (SPEC §2): player, details, comments and more videos. */
export function VideoWatchPage() {
  const { videoId } = useParams();
  if (!videoId) return <WatchUnavailable />;
  return <Watch key={videoId} videoId={videoId} />;
}
