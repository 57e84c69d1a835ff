import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicInstance } from '@streamhub/contract';
import { api } from '@/lib/api-client';

const instanceKey = ['instance'] as const;

/** GET /api/instance (public): the instance's name, terms and whether anyone may register. */
export function getInstance(signal?: AbortSignal) {
  return api.get<PublicInstance>('/api/instance', { signal });
}

export const getInstanceQueryOptions = () =>
  queryOptions({ queryKey: instanceKey, queryFn: ({ signal }) => getInstance(signal), staleTime: 5 * 60_000 });

export const useInstance = () => useQuery(getInstanceQueryOptions());
