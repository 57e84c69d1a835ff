import { useDeferredValue, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { AddToPlaylistButton } from '@/features/playlists/components/add-to-playlist-button';
import { useRefusalRedirect } from '@/features/purchases/use-refusal-redirect';
import { SubscribeButton } from '@/features/subscriptions/components/subscribe-button';
import { useWatchVideo } from '@/features/watch/api/get-watch-video';
import { useTrackWatch } from '@/features/watch/api/track-watch';
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

/** The history call runs beside the video; when it fails only this note says so. */
function HistoryNotice({ videoId }: { videoId: string }) {
  const track = useTrackWatch(videoId);
  useEffect(() => {
    if (track.error) console.error('Could not add the video to the watch history', track.error);
  }, [track.error]);
  if (!track.isError) return null;
  return (
    <p role="status" className="rounded-lg border border-line bg-panel px-3 py-2 text-sm text-muted">
      This video could not be added to your watch history.
    </p>
  );
}

function Watch({ videoId }: { videoId: string }) {
  const wide = useMediaQuery(DESKTOP_QUERY);
  const video = useWatchVideo(videoId);
  // The player first: details, comments and more videos come in a second, interruptible render,
  // so the first commit (and with it hls.js's start) does not wait for them.
  const showRest = useDeferredValue(true, false);

  // A refusal goes to sign-in or to the buy page, by its reason (features/purchases).
  const noAccess = useRefusalRedirect(video.error, videoId);
  useEffect(() => {
    if (video.error && !noAccess) console.error('Could not load the video', video.error);
  }, [noAccess, video.error]);

  if (noAccess) return <LoadingScreen />;
  // Only the video call decides between the page and the error view; comments, history and more
  // videos load beside it and show their own failures (SPEC §4's "all four calls" relaxed on purpose).
  if (video.isError) return <WatchUnavailable />;
  if (video.isPending) return <LoadingScreen />;

  const data = video.data;
  const title = data.title?.trim() || 'Untitled Video';

  return (
    // The side list needs room: from 1280 px it sits beside the player; between 1024 and 1280 px it
    // goes below the page so the player keeps a usable width (SPEC §2: 'More videos' on wide screens).
    <div className="mx-auto flex w-full max-w-[1600px] flex-col gap-6 xl:flex-row">
      <title>{`${title} · StreamHub`}</title>
      <div className="flex min-w-0 flex-1 flex-col gap-6">
        {/* Not lazy: this page is its own chunk already, and a suspending player would wait for
            React's Suspense reveal throttle (~300 ms) before hls.js could start. */}
        <VideoPlayer
          videoId={videoId}
          hlsUrl={data.hlsUrl}
          videoFile={data.videoFile}
          storyboardUrl={data.storyboardUrl}
          poster={data.thumbnail}
          title={title}
          duration={data.duration}
          // Media tokens are short-lived: a refused request means new URLs from a fresh watch call.
          onMediaRefused={() => void video.refetch()}
        />
        {showRest ? (
          <>
            <WatchDetails
              video={data}
              // The toggle patches isSubscribed and the owner's count in this cached video (SPEC §4).
              playlistAction={<AddToPlaylistButton videoId={videoId} />}
              subscribeAction={
                data.owner?._id ? <SubscribeButton channelId={data.owner._id} subscribed={data.isSubscribed} /> : null
              }
            />
            <HistoryNotice videoId={videoId} />
            <CommentsSection target={{ kind: 'video', id: videoId }} />
          </>
        ) : null}
      </div>
      {wide ? (
        // Its box from the first render on, so the player keeps its width when the list arrives.
        <aside className="w-full shrink-0 xl:w-80 2xl:w-96">
          {showRest ? <MoreVideos ownerId={data.owner?._id} currentId={videoId} /> : null}
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
