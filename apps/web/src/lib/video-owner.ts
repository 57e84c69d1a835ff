import type { VideoCard } from '@streamhub/contract';

/** The first owner of a list card, with the SPEC §3 fallbacks ('Unknown' / 'unknown'). */
export function cardOwner(video: Pick<VideoCard, 'owner'> | { owner?: unknown }) {
  const list = (video as { owner?: unknown }).owner;
  const first = (Array.isArray(list) ? list[0] : list) as Partial<VideoCard['owner'][number]> | undefined;
  return {
    _id: first?._id ?? null,
    fullname: first?.fullname || 'Unknown',
    username: first?.username || 'unknown',
    avatar: first?.avatar ?? '',
  };
}

/** SPEC §2: an owner opens /channel/{ownerId}, or /channel when it is the current user; null without an owner. */
export function channelHref(ownerId: string | null | undefined, currentUserId: string | null | undefined): string | null {
  if (!ownerId) return null;
  return ownerId === currentUserId ? '/channel' : `/channel/${encodeURIComponent(ownerId)}`;
}
