import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Membership, PayoutsOverview } from '@streamhub/contract';
import { api } from '@/lib/api-client';
import { purchaseKeys } from '../purchase-keys';

/** GET /api/payouts (API.md §20): the creator's balance, connected account and payouts. */
export const getPayoutsQueryOptions = () =>
  queryOptions({
    queryKey: purchaseKeys.payouts(),
    queryFn: ({ signal }) => api.get<PayoutsOverview>('/api/payouts', { signal }),
  });

export const usePayouts = () => useQuery(getPayoutsQueryOptions());

/** GET /api/memberships/members (API.md §20): the members of the signed-in creator's channel. */
export const getMembersQueryOptions = () =>
  queryOptions({
    queryKey: purchaseKeys.members(),
    queryFn: ({ signal }) => api.get<Membership[]>('/api/memberships/members', { signal }),
  });

export const useMembers = () => useQuery(getMembersQueryOptions());
