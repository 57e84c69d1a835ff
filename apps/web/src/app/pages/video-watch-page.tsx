import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ActionMenu } from '@/components/ui/action-menu';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { HydrateApart } from '@/components/hydrate-apart';
import { useComments } from '@/features/comments/api/get-comments';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { useLiveComments } from '@/features/comments/use-live-comments';
import { LivePlaceholder, LiveStatus } from '@/features/live/components/live-status';
import { useFollowLive } from '@/features/live/use-follow-live';
import { AddToPlaylistButton } from '@/features/playlists/components/add-to-playlist-button';
import { PlaylistQueue, usePlaylistNext } from '@/features/playlists/components/playlist-queue';
import { WatchLaterButton } from '@/features/playlists/components/watch-later-button';
import { useRefusalRedirect } from '@/features/purchases/use-refusal-redirect';
import { refusalTarget } from '@/features/purchases/access-refusal';
import { PAYMENT_POLL_MS } from '@/features/purchases/components/membership';
import { SubscribeButton } from '@/features/subscriptions/components/subscribe-button';
import { useWatchVideo } from '@/features/watch/api/get-watch-video';
import { useProgressiveSources } from '@/features/watch/api/get-progressive-sources';
import { useTrackWatch } from '@/features/watch/api/track-watch';
import { useCountView } from '@/features/watch/api/count-view';
import { useMoreVideos } from '@/features/watch/api/get-more-videos';
import { MoreVideos } from '@/features/watch/components/more-videos';
import { ShareButton } from '@/features/watch/components/share-button';
import { ChapterList } from '@/features/watch/components/chapter-list';
import { UpNext } from '@/features/recommendations/components/up-next';
import { scheduleLabel } from '@/features/videos/schedule';
import { VideoPlayer } from '@/features/watch/components/video-player';
import { WatchDetails } from '@/features/watch/components/watch-details';
import { LIVE_POLL_MS } from '@streamhub/contract';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { useCommunityActions } from '../use-community-actions';

/** The error view; a video taken down (410) says why instead of the general text (API.md §12). */
function WatchUnavailable({ removed }: { removed?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div role="alert" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-center">
      <title>{t('watchPage.unavailableDocumentTitle')}</title>
      <h1 className="text-xl font-semibold">{t('watchPage.unavailable')}</h1>
      <p className="text-muted">{removed ?? t('watchPage.loadProblem')}</p>
      <Button className="mt-2" onClick={() => void navigate('/home')}>
        {t('watchPage.returnHome')}
      </Button>
    </div>
  );
}

/** A query's first answer failed (a later refetch failing keeps the data it had). */
const failedAtFirst = (query: { isError: boolean; data: unknown }) => query.isError && query.data === undefined;

/**
 * The visit's history entry (the page's fourth initial call, sent by the browser), in a component
 * of its own: its answer re-renders nothing but this (the page re-rendered whole for
 * it, a long task on a phone); a failure is handed to the page, which then shows the error view.
 */
function TrackVisit({ videoId, onFailed }: { videoId: string; onFailed: (error: Error) => void }) {
  const track = useTrackWatch(videoId);
  const error = failedAtFirst(track) ? track.error : null;
  useEffect(() => {
    if (error) onFailed(error);
  }, [error, onFailed]);
  return null;
}

/**
 * The visit's view, counted by the browser's own call once the page has its video (the server's
 * render counts none). A counted view raises the page's count (features/watch/api/count-view.ts);
 * one that was not counted, or failed, changes nothing on the page.
 */
function CountVisit({ videoId }: { videoId: string }) {
  useCountView(videoId);
  return null;
}

function Watch({ videoId }: { videoId: string }) {
  const [trackError, setTrackError] = useState<Error | null>(null);
  // An anonymous visitor has no history to add to (API.md §18).
  const signedIn = useCurrentUser() !== null;
  return (
    <>
      {signedIn ? <TrackVisit videoId={videoId} onFailed={setTrackError} /> : null}
      <WatchContent videoId={videoId} trackError={trackError} />
    </>
  );
}

/** Theater mode (the T key, the player's button): kept for the next visit, in this browser only. */
const THEATER_KEY = 'streamhub.theater';
function useTheater() {
  const [on, setOn] = useState(false);
  useEffect(() => {
    // After hydration: the server's HTML is the default view.
    if (localStorage.getItem(THEATER_KEY) === '1') setOn(true);
  }, []);
  const toggle = () =>
    setOn((was) => {
      localStorage.setItem(THEATER_KEY, was ? '0' : '1');
      return !was;
    });
  return { on, toggle };
}

function WatchContent({ videoId, trackError }: { videoId: string; trackError: Error | null }) {
  const { t } = useTranslation();
  const theater = useTheater();
  // The page's four initial calls (SPEC §4): the video, its comments, the history entry and the
  // owner's more videos (the server asked for all but the history entry before rendering).
  const video = useWatchVideo(videoId);
  const comments = useComments({ kind: 'video', id: videoId });
  const more = useMoreVideos(video.data?.owner?._id);
  const community = useCommunityActions(video.data?.owner?._id);
  const signedIn = useCurrentUser() !== null;
  // A live (API.md §17): its state and viewers now, followed while the page is open; its comments
  // section is the live chat.
  const live = useFollowLive({
    video: video.data ?? { _id: videoId, isLive: false, status: 'ready' },
    steadyMs: LIVE_POLL_MS,
    refetchVideo: () => void video.refetch(),
  });
  useLiveComments(videoId, Boolean(video.data?.isLive));
  // The rungs' own files the player starts on (asked by the server while it renders: in the HTML).
  const hlsUrl = video.data?.hlsUrl ?? null;
  const isLive = Boolean(video.data?.isLive);
  const sources = useProgressiveSources(hlsUrl, isLive);
  // A playlist played in order (`?list=`): its queue beside the player, the next video when one ends.
  const listId = useSearchParams()[0].get('list');
  const nextInList = usePlaylistNext(listId, videoId);
  const navigate = useNavigate();

  // Back from the provider's checkout (`?checkout=`, API.md §20): until its webhook lands the
  // video is still refused; the page says "Payment pending" and asks again, then plays without a reload.
  const checkout = useSearchParams()[0].has('checkout');
  const awaitingPayment = checkout && refusalTarget(video.error, signedIn) === 'buy';
  const { refetch } = video;
  useEffect(() => {
    if (!awaitingPayment) return;
    const timer = setInterval(() => void refetch(), PAYMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [awaitingPayment, refetch]);
  // A refusal goes to sign-in or to the buy page, by its reason (features/purchases).
  const noAccess = useRefusalRedirect(awaitingPayment ? null : video.error, videoId);
  // A scheduled video, not yet public: only its owner sees it, in a preview without the calls
  // that answer for public videos alone (comments, history, up next).
  const preview = video.data?.status === 'scheduled';
  // A live waiting for its stream (a link or a notification followed early): its card and "starts
  // soon", whatever else fails (an exclusive live's chat is its buyers'); the player takes over
  // when the stream arrives (useFollowLive asks the watch call again).
  const waiting = Boolean(video.data?.isLive) && video.data?.status === 'waiting';
  const failed =
    preview || waiting ? undefined : ([comments, more].find(failedAtFirst) ?? (trackError ? { error: trackError } : undefined));
  const error = video.error ?? failed?.error;
  useEffect(() => {
    if (error && !noAccess && !awaitingPayment) console.error('Could not load the video', error);
  }, [noAccess, error, awaitingPayment]);

  if (awaitingPayment) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-center">
        <title>{t('watchPage.paymentPendingDocumentTitle')}</title>
        <p role="status" className="text-xl font-semibold">
          {t('watchPage.paymentPending')}
        </p>
        <p className="text-muted">{t('watchPage.paymentPendingHint')}</p>
      </div>
    );
  }
  if (noAccess) return <LoadingScreen />;
  // Any of the four failing shows the error view instead of the page (SPEC §4, §8).
  if (video.isError || failed) {
    const removed = video.error instanceof ApiError && video.error.status === 410 ? video.error.message : undefined;
    return <WatchUnavailable removed={removed} />;
  }
  if (video.isPending) return <LoadingScreen />;
  // The player plays as soon as the video call has answered; the rest of the page shows once the
  // comments and more videos have (a channel without an owner id has none to ask for). The
  // history entry is recorded by the browser, after the server's render: the page does not wait for it.
  const showRest = preview || waiting || (comments.data !== undefined && (more.data !== undefined || !video.data.owner?._id));

  const data = video.data;
  const title = data.title?.trim() || t('watchPage.untitled');

  return (
    // The side list needs room: from 1280 px it sits beside the player; between 1024 and 1280 px it
    // goes below the page so the player keeps a usable width (SPEC §2: 'More videos' on wide screens).
    // Theater mode: the player spans the page's width and the side list goes below.
    <div
      data-testid="watch-layout"
      data-theater={theater.on ? '' : undefined}
      className={`mx-auto flex w-full max-w-[1600px] flex-col gap-6 ${theater.on ? '' : 'xl:flex-row'}`}
    >
      <title>{t('watchPage.documentTitle', { title })}</title>
      {preview || waiting ? null : <CountVisit videoId={videoId} />}
      <div className="flex min-w-0 flex-1 flex-col gap-6">
        {/* Not lazy: this page is its own chunk already, and a suspending player would wait for
            React's Suspense reveal throttle (~300 ms) before hls.js could start. Its boundary
            (HydrateApart) never suspends: it only hydrates the player in a pass of its own. */}
        {live && live.status !== 'live' ? (
          <LivePlaceholder status={live.status} poster={data.thumbnail} />
        ) : (
          <HydrateApart>
            <VideoPlayer
              // A live's player and its replay's are two players: the replay starts at its beginning.
              key={live ? 'live' : 'video'}
              live={Boolean(live)}
              hlsUrl={data.hlsUrl}
              videoFile={data.videoFile}
              storyboardUrl={data.storyboardUrl}
              poster={data.thumbnail}
              title={title}
              duration={data.duration}
              captions={data.captions}
              chapters={data.chapters}
              // Media tokens are short-lived: a refused request means new URLs from a fresh watch call.
              onMediaRefused={() => void video.refetch()}
              videoId={videoId}
              // None to ask for (a live, no stream) or none readable: the player streams from the start.
              sources={!hlsUrl || isLive || sources.isError ? [] : sources.data}
              theater={theater}
              onEnded={nextInList ? () => void navigate(nextInList) : undefined}
            />
          </HydrateApart>
        )}
        {live ? <LiveStatus status={live.status} viewers={live.viewers} /> : null}
        <ChapterList videoId={videoId} chapters={data.chapters ?? []} />
        {showRest ? (
          // The details and comments hydrate after the player, each in a pass of its own.
          <>
            <HydrateApart>
              <WatchDetails
                video={data}
                // The toggle patches isSubscribed and the owner's count in this cached video (SPEC §4).
                shareAction={<ShareButton video={data} />}
                playlistAction={
                  <>
                    <AddToPlaylistButton videoId={videoId} />
                    {signedIn ? <WatchLaterButton videoId={videoId} /> : null}
                  </>
                }
                menuAction={
                  community.ownsContent ? (
                    <Link to={`/studio/${encodeURIComponent(videoId)}`} className={buttonClasses('secondary', 'sm')}>
                      {t('watchPage.studio')}
                    </Link>
                  ) : (
                    <ActionMenu
                      label={t('watchPage.moreActions')}
                      actions={[community.report({ type: 'video', id: videoId, name: t('watchPage.reportName', { title }) })]}
                    />
                  )
                }
                subscribeAction={
                  data.owner?._id ? <SubscribeButton channelId={data.owner._id} subscribed={data.isSubscribed} /> : null
                }
              />
            </HydrateApart>
            {preview ? (
              <p role="status" className="rounded-lg bg-panel p-4 text-sm text-muted">
                {data.publishAt
                  ? t('watchPage.scheduledFor', { when: scheduleLabel(data.publishAt) })
                  : t('watchPage.previewOnly')}
              </p>
            ) : waiting && comments.data === undefined ? null : (
              <HydrateApart>
                <CommentsSection
                  target={{ kind: 'video', id: videoId }}
                  commentActions={community.commentActions}
                  canPin={community.ownsContent}
                />
              </HydrateApart>
            )}
            {community.reportDialog}
          </>
        ) : null}
      </div>
      {/* Its box from the first render on, so the player keeps its width when the list arrives.
          More videos on wide screens only (a style, not a media query in script: the server's HTML
          has it too); Up next under it, outside the aside (More videos stays the owner's uploads
          alone), and under the comments on narrow screens. */}
      <div className={`flex w-full shrink-0 flex-col gap-6 ${theater.on ? '' : 'xl:w-80 2xl:w-96'}`}>
        {listId ? <PlaylistQueue playlistId={listId} videoId={videoId} /> : null}
        <aside className="hidden lg:block">
          {showRest ? (
            <HydrateApart>
              <MoreVideos ownerId={data.owner?._id} currentId={videoId} />
            </HydrateApart>
          ) : null}
        </aside>
        {showRest && !preview ? (
          <HydrateApart>
            <UpNext videoId={videoId} />
          </HydrateApart>
        ) : null}
      </div>
    </div>
  );
}

/** /video/watch/:videoId (SPEC §2): player, details, comments and more videos. */
export function VideoWatchPage() {
  const { videoId } = useParams();
  if (!videoId) return <WatchUnavailable />;
  return <Watch key={videoId} videoId={videoId} />;
}
