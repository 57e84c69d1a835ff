import { ApiError } from '@/lib/api-client';

export type RefusalTarget = 'buy' | 'signin';

/**
 * Where a refused watch call sends the viewer (SPEC §8, API.md §1): 401 with reason 'purchase'
 * opens the buy page; reason 'signin' (expired or missing session) goes to sign-in. A 401
 * without a reason (an older server) means "buy first" for a signed-in viewer and "sign in"
 * otherwise. Anything else is not a refusal (null): the page shows its own error.
 */
export function refusalTarget(error: unknown, signedIn: boolean): RefusalTarget | null {
  if (!(error instanceof ApiError) || error.status !== 401) return null;
  // A members-only video: its buy page offers the channel's membership instead.
  if (error.reason === 'purchase' || error.reason === 'membership') return 'buy';
  if (error.reason === 'signin') return 'signin';
  return signedIn ? 'buy' : 'signin';
}

/** Navigation state of the buy page opened by a refusal, so it never sends the viewer straight back into it. */
export const refusedState = { refusedByWatch: true } as const;

export function openedByRefusal(state: unknown): boolean {
  return Boolean(state && typeof state === 'object' && (state as { refusedByWatch?: unknown }).refusedByWatch === true);
}
