import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed media tokens (HMAC-SHA256, expiry), checkable by any node, nginx or a CDN
 * that knows the secret. The token rides in a path segment (`/media/t/<token>/videos/<id>/…`) so
 * relative URLs inside HLS playlists inherit it. Bound to the video and to the viewer's id.
 */
export function createMediaTokens(secret: string, ttlSeconds: number, now: () => number = Date.now) {
  const sign = (videoId: string, viewerId: string, exp: number) =>
    createHmac('sha256', secret).update(`v1:${videoId}:${viewerId}:${exp}`).digest('base64url');

  return {
    issue(videoId: string, viewerId: string): string {
      const exp = Math.floor(now() / 1000) + ttlSeconds;
      const viewer = viewerId.replace(/-/g, '');
      return `${viewer}.${exp}.${sign(videoId, viewer, exp)}`;
    },
    verify(token: string, videoId: string): boolean {
      const [viewer, expText, sig] = token.split('.');
      if (!viewer || !expText || !sig || !/^\d+$/.test(expText)) return false;
      const exp = Number(expText);
      if (exp < Math.floor(now() / 1000)) return false;
      const expected = Buffer.from(sign(videoId, viewer, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type MediaTokens = ReturnType<typeof createMediaTokens>;
