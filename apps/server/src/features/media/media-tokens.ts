import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed media tokens (HMAC-SHA256, expiry), checkable by any node, nginx or a CDN
 * that knows the secret. The token rides in a path segment (`/media/t/<token>/videos/<id>/…`) so
 * relative URLs inside HLS playlists inherit it. Bound to the video and to the viewer's id.
 */
export function createMediaTokens(secret: string, ttlSeconds: number, now: () => number = Date.now) {
  const sign = (videoId: string, viewerId: string, exp: number) =>
    createHmac('sha256', secret).update(`v1:${videoId}:${viewerId}:${exp}`).digest('base64url');

  /** The viewer part of a valid, unexpired token for this video, or null. */
  function signedViewer(token: string, videoId: string): string | null {
    const [viewer, expText, sig] = token.split('.');
    if (!viewer || !expText || !sig || !/^\d+$/.test(expText)) return null;
    const exp = Number(expText);
    if (exp < Math.floor(now() / 1000)) return null;
    const expected = Buffer.from(sign(videoId, viewer, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given) ? viewer : null;
  }

  return {
    issue(videoId: string, viewerId: string): string {
      const exp = Math.floor(now() / 1000) + ttlSeconds;
      const viewer = viewerId.replace(/-/g, '');
      return `${viewer}.${exp}.${sign(videoId, viewer, exp)}`;
    },
    verify(token: string, videoId: string): boolean {
      return signedViewer(token, videoId) !== null;
    },
    /** The viewer a valid, unexpired token for this video was issued to; null for any other token. */
    issuedTo(token: string, videoId: string): string | null {
      // Issued without the dashes of the UUID, to keep URLs short.
      const id = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/i.exec(signedViewer(token, videoId) ?? '');
      return id ? id.slice(1).join('-') : null;
    },
  };
}
export type MediaTokens = ReturnType<typeof createMediaTokens>;
