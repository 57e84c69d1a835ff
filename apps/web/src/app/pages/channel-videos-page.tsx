import { useLocation, useParams } from 'react-router';
import { useChannel } from '@/features/channels/api/get-channel';
import { channelVideosTitle } from '@/features/videos/channel-videos';
import { ChannelVideosView } from '@/features/videos/components/channel-videos-view';
import { useCurrentUser } from '@/lib/auth';
import { isChannelOwner, readChannelNavigationState } from '@/lib/channel-state';
import { BuyUploadsButton } from '@/features/purchases/components/buy-uploads-button';

/** /videos (own) and /videos/{channelId} (SPEC §2, §6). */
export function ChannelVideosPage() {
  const { channelId } = useParams();
  const location = useLocation();
  const user = useCurrentUser();
  const isOwner = isChannelOwner(channelId, user?._id);
  const fromState = readChannelNavigationState(location.state);
  const stateName = fromState && fromState._id === channelId ? fromState.fullname : null;
  const owner = useChannel(channelId ?? '', { enabled: Boolean(channelId) && !isOwner && !stateName });

  // A signed-out visitor reads a channel's public videos (API.md §18); their own page needs a user.
  const id = isOwner ? user?._id : channelId;
  if (!id) return null;
  const title = channelVideosTitle(isOwner, stateName ?? owner.data?.fullname);
  return <ChannelVideosView key={id} channelId={id} isOwner={isOwner} title={title} buyUploads={<BuyUploadsButton />} />;
}
