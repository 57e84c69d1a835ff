import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { getChannelQueryOptions } from '@/features/channels/api/get-channel';
import { playlistsTitle } from '@/features/playlists/playlists';
import { PlaylistsView } from '@/features/playlists/components/playlists-view';
import { useCurrentUser } from '@/lib/auth';
import { readChannelNavigationState } from '@/lib/channel-state';

/** /playlist (own) and /playlist/u/{channelId} (SPEC §2, §6). */
export function PlaylistsPage() {
  const { channelId } = useParams();
  const location = useLocation();
  const user = useCurrentUser();
  const isOwner = Boolean(user) && (!channelId || channelId === user?._id);
  const fromState = readChannelNavigationState(location.state);
  const stateName = fromState && fromState._id === channelId ? fromState.fullname : null;
  // Only for the "{fullname}'s Playlists" title, when the channel tile did not pass the name along.
  const channel = useQuery({
    ...getChannelQueryOptions(channelId ?? ''),
    enabled: Boolean(channelId) && !isOwner && !stateName,
  });

  // A signed-out visitor reads a channel's public playlists (API.md §18); their own page needs a user.
  const id = isOwner ? user?._id : channelId;
  if (!id) return null;
  const title = playlistsTitle(isOwner, stateName ?? channel.data?.fullname);
  return <PlaylistsView key={id} userId={id} isOwner={isOwner} title={title} />;
}
