import { queryOptions } from '@tanstack/react-query';
import type { ChannelMembership } from '@streamhub/contract';
import { ApiError, api } from '@/lib/api-client';

export const membershipOfferKey = (channelId: string) => ['membership-offer', channelId] as const;

/** GET /api/memberships/offer/:channelId (API.md §20): the channel's offer and the viewer's membership; null when it offers none. */
export async function getMembershipOffer(channelId: string, signal?: AbortSignal): Promise<ChannelMembership | null> {
  try {
    return await api.get<ChannelMembership>(`/api/memberships/offer/${encodeURIComponent(channelId)}`, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const getMembershipOfferQueryOptions = (channelId: string) =>
  queryOptions({ queryKey: membershipOfferKey(channelId), queryFn: ({ signal }) => getMembershipOffer(channelId, signal) });
