import { useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ChannelMembershipPanel } from '@/features/purchases/components/membership';
import { ActionMenu } from '@/components/ui/action-menu';
import { VideoCard, VideoGrid } from '@/components/video-card';
import { useMoreVideos } from '@/features/watch/api/get-more-videos';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useChannel } from '@/features/channels/api/get-channel';
import { useChannelStats } from '@/features/channels/api/get-channel-stats';
import { useOwnChannel } from '@/features/channels/api/get-own-channel';
import { otherChannelTiles, ownActivityTiles, ownChannelTiles } from '@/features/channels/channel-tiles';
import { ChannelHeader } from '@/features/channels/components/channel-header';
import { ChannelTileGrid } from '@/features/channels/components/channel-tile-grid';
import { EarningsSummary } from '@/features/purchases/components/earnings-summary';
import { SubscribeButton } from '@/features/subscriptions/components/subscribe-button';
import { EditProfileDialog } from '@/features/users/components/edit-profile-dialog';
import { ApiError, errorText } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { useCommunityActions } from '../use-community-actions';

/** SPEC §8: a channel load error is logged; a server error (≥ 500) goes back one page. */
function useChannelLoadError(error: Error | null) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    console.error('Could not load the channel', error instanceof ApiError ? error.data : error);
    if (error instanceof ApiError && error.status >= 500) void navigate(-1);
  }, [error, navigate]);
}

/** Stats are secondary: their failure is only logged and the counts show as '—'. */
function useLoggedError(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.error(`Could not load ${what}`, error instanceof ApiError ? error.data : error);
  }, [error, what]);
}

function ChannelUnavailable({ error }: { error: Error }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex min-h-[40vh] flex-col items-center justify-center gap-2 text-center">
      <title>{t('channelPage.unavailableDocumentTitle')}</title>
      <h1 className="text-xl font-semibold">{t('channelPage.unavailable')}</h1>
      <p className="text-muted">{errorText(error, t('channelPage.loadFailed'))}</p>
    </div>
  );
}

/** 'Latest videos': the channel's newest ready uploads under its tiles; it loads and fails on its own. */
function LatestVideos({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const latest = useMoreVideos(channelId);
  useLoggedError(latest.error, 'the latest videos');
  return (
    <section aria-labelledby="latest-videos-title" aria-busy={latest.isPending} className="flex flex-col gap-4">
      <h2 id="latest-videos-title" className="text-xl font-semibold">
        {t('channelPage.latestVideos')}
      </h2>
      {latest.isPending ? null : latest.isError ? (
        <p className="text-muted">{t('channelPage.latestLoadFailed')}</p>
      ) : latest.data.length === 0 ? (
        <p className="text-muted">{t('channelPage.noVideos')}</p>
      ) : (
        <VideoGrid label={t('channelPage.latestVideos')} headingLevel={3}>
          {latest.data.map((video) => (
            <li key={video._id}>
              <VideoCard video={video} />
            </li>
          ))}
        </VideoGrid>
      )}
    </section>
  );
}

function OwnChannel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const channel = useOwnChannel();
  const stats = useChannelStats(userId);
  useChannelLoadError(channel.error);
  useLoggedError(stats.error, 'channel stats');

  if (channel.isPending) return <LoadingScreen />;
  if (channel.isError) return <ChannelUnavailable error={channel.error} />;
  const profile = channel.data;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <title>{t('channelPage.documentTitle', { name: profile.fullname })}</title>
      <ChannelHeader channel={profile} stats={stats.data} actions={<EditProfileDialog profile={profile} />} />
      <ChannelTileGrid title={t('channelPage.myActivity')} tiles={ownActivityTiles(profile)} channel={profile} />
      <ChannelTileGrid title={t('channelPage.yourChannel')} tiles={ownChannelTiles(stats.data)} channel={profile} />
      <LatestVideos channelId={userId} />
      <EarningsSummary />
      <Link to="/studio/payouts" className="self-start text-sm text-sky-400 hover:underline">
        {t('channelPage.payouts')}
      </Link>
    </div>
  );
}

function OtherChannel({ channelId }: { channelId: string }) {
  const { t } = useTranslation();
  const channel = useChannel(channelId);
  const stats = useChannelStats(channelId);
  const community = useCommunityActions(channelId);
  // Back from a membership's checkout (API.md §20): "Payment pending" until the webhook lands.
  const checkout = useSearchParams()[0].has('checkout');
  useChannelLoadError(channel.error);
  useLoggedError(stats.error, 'channel stats');

  if (channel.isPending) return <LoadingScreen />;
  if (channel.isError) return <ChannelUnavailable error={channel.error} />;
  const profile = channel.data;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <title>{t('channelPage.documentTitle', { name: profile.fullname })}</title>
      <ChannelHeader
        channel={profile}
        stats={stats.data}
        // The subscription and its count live in the cached profile and stats (the toggle patches both).
        actions={
          <>
            <SubscribeButton channelId={channelId} subscribed={profile.isSubscribed} />
            <ActionMenu
              label={t('channelPage.moreActions', { name: profile.fullname })}
              actions={[
                community.report({
                  type: 'channel',
                  id: channelId,
                  name: t('channelPage.reportName', { name: profile.fullname }),
                }),
              ]}
            />
          </>
        }
      />
      <ChannelMembershipPanel channelId={channelId} checkout={checkout} />
      <ChannelTileGrid title={t('channelPage.channel')} tiles={otherChannelTiles(channelId, stats.data)} channel={profile} />
      <LatestVideos channelId={channelId} />
      {community.reportDialog}
    </div>
  );
}

/** /channel (own) and /channel/:channelId; the owner is the signed-in user or an absent id (SPEC §6). */
export function ChannelPage() {
  const { channelId } = useParams();
  const user = useCurrentUser();
  // A signed-out visitor reads any channel (API.md §18); /channel, their own, needs a user.
  if (!channelId || channelId === user?._id) return user ? <OwnChannel userId={user._id} /> : null;
  return <OtherChannel key={channelId} channelId={channelId} />;
}
