import { createHmac, timingSafeEqual } from 'node:crypto';

/** A token outlives the time a viewer needs to watch, pauses included, but not much more. */
const MIN_LIFETIME_SEC = 10 * 60;
const SLACK_SEC = 5 * 60;

/**
 * How long a media token of a video lasts: twice its duration plus five minutes (room for
 * pausing and seeking back), at least ten minutes, at most `maxSeconds` (MEDIA_TOKEN_TTL_SECONDS).
 */
export function mediaTokenLifetimeSec(durationSec: number, maxSeconds: number): number {
  const wanted = Math.max(MIN_LIFETIME_SEC, Math.ceil(2 * (Number.isFinite(durationSec) ? durationSec : 0)) + SLACK_SEC);
  return Math.min(maxSeconds, wanted);
}

/**
 * Short-lived signed media tokens for exclusive videos: `<expiry>.<HMAC-SHA256(video, session, expiry)>`.
 * The token rides in a path segment (`/media/t/<token>/videos/<id>/…`), so relative URLs inside HLS
 * playlists inherit it. It is bound to the viewer's session: the session id (the SHA-256 of the
 * `sid` cookie) is part of what is signed but not of the token, so a media request must carry the
 * same session cookie (same-origin `<video>` and hls.js requests do). A copied URL plays for no
 * one else, and checking it needs no database: any node, or an edge that sees the cookie and knows
 * the secret, recomputes it.
 */
export function createMediaTokens(secret: string, maxTtlSeconds: number, now: () => number = Date.now) {
  const sign = (videoId: string, sessionId: string, exp: number) =>
    createHmac('sha256', secret).update(`v2:${videoId}:${sessionId}:${exp}`).digest('base64url');

  return {
    /** A token for `videoId`, valid for the session `sessionId`, lasting as long as the video needs. */
    issue(videoId: string, sessionId: string, durationSec: number): string {
      const exp = Math.floor(now() / 1000) + mediaTokenLifetimeSec(durationSec, maxTtlSeconds);
      return `${exp}.${sign(videoId, sessionId, exp)}`;
    },
    /** Whether `token` opens `videoId` for the request's session (null: no session cookie). */
    verify(token: string, videoId: string, sessionId: string | null): boolean {
      if (sessionId === null) return false;
      const [expText, sig, ...rest] = token.split('.');
      if (!expText || !sig || rest.length > 0 || !/^\d{1,12}$/.test(expText)) return false;
      const exp = Number(expText);
      if (exp < Math.floor(now() / 1000)) return false;
      const expected = Buffer.from(sign(videoId, sessionId, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type MediaTokens = ReturnType<typeof createMediaTokens>;
