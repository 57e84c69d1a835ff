import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Client errors (4xx), network failures and answers the app cannot read (e.g. 'Invalid response
 * from server') will not fix themselves; retry only server hiccups (5xx).
 */
export function shouldRetry(failureCount: number, error: unknown) {
  if (!(error instanceof ApiError) || error.isNetworkError || error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
