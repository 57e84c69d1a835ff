/**
 * What the player does when a media request fails (pure, unit-tested). Exclusive media URLs carry
 * a short-lived token bound to the session; when it runs out mid-playback the server answers 403,
 * and a fresh watch call gives new URLs to resume from.
 */

export type MediaFailure = {
  /** HTTP status of the refused request; null when the browser does not tell (a `<video>` error). */
  status: number | null;
  /** The engine cannot go on by itself (hls.js fatal error, `<video>` error). */
  fatal: boolean;
};

export type FailureAction = 'refresh' | 'fallback' | 'ignore' | 'fail';

/** A second refusal this soon after new URLs means they are refused too: no refresh loop. */
export const REFRESH_COOLDOWN_MS = 20_000;

export function mediaFailureAction(
  failure: MediaFailure,
  context: {
    tokenized: boolean;
    /** New URLs were asked for this source and have not arrived: its later errors are expected. */
    refreshPending: boolean;
    lastRefreshAt: number | null;
    now: number;
    canFallBack: boolean;
  },
): FailureAction {
  if (context.refreshPending) return 'ignore';
  const recentlyRefreshed = context.lastRefreshAt !== null && context.now - context.lastRefreshAt < REFRESH_COOLDOWN_MS;
  // 403: the token ran out (or access changed); act at once, even before hls.js gives up.
  if (failure.status === 403) return recentlyRefreshed ? 'fail' : 'refresh';
  if (!failure.fatal) return 'ignore';
  // A `<video>` error says nothing about why: with a token in the URL, expiry is the likely cause.
  if (failure.status === null && context.tokenized && !recentlyRefreshed) return 'refresh';
  return context.canFallBack ? 'fallback' : 'fail';
}

/** Exclusive media paths look like /media/t/<token>/videos/<id>/…; public ones carry no token. */
export function isTokenizedMediaUrl(url: string | null): boolean {
  return url !== null && /\/media\/t\/[^/]+\//.test(url);
}
