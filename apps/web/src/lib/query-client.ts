import { MutationCache, QueryClient } from '@tanstack/react-query';
import { signInPathFor } from '@streamhub/contract';
import { ApiError } from './api-client';
import { getCurrentUser } from './auth';

/**
 * Client errors (4xx), network failures and answers the app cannot read (e.g. 'Invalid response
 * from server') will not fix themselves; retry only server hiccups (5xx).
 */
export function shouldRetry(failureCount: number, error: unknown) {
  if (!(error instanceof ApiError) || error.isNetworkError || error.status < 500) return false;
  return failureCount < 2;
}

/**
 * API.md §18: an action that needs an account (like, comment, subscribe, add to playlist, report,
 * buy), tried by an anonymous visitor, is refused with a 401: the visitor is sent to sign in and
 * back to this page. The sign-in and register calls say `meta: { anonymous: true }`: their 401 is
 * the form's to show.
 */
function toSignInWhenRefused(error: unknown, meta: Record<string, unknown> | undefined) {
  if (!(error instanceof ApiError) || error.status !== 401 || meta?.anonymous === true) return;
  if (typeof window === 'undefined' || getCurrentUser() !== null) return;
  window.location.assign(signInPathFor(location.pathname + location.search));
}

/**
 * The staleTime of a list asked again on every visit of its page (liked videos, history, a
 * creator's own lists): fresh only for the visit that just asked, so the route's loader and the
 * page it opens ask once between them (app/loaders.ts), and the next visit asks again.
 */
export const ASKED_ON_EVERY_VISIT = 2_000;

export function createQueryClient() {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => toSignInWhenRefused(error, mutation.meta),
    }),
    defaultOptions: {
      // A failed call is the visit's answer (its page says so and offers Try Again): a page opening
      // does not ask again what its route's loader was just refused (app/loaders.ts). The server's
      // failures are asked again once the page is the browser's (app/start-app.tsx).
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false, retryOnMount: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
