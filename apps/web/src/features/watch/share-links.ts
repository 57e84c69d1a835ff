import { useSearchParams } from 'react-router';
import { startSeconds } from '@streamhub/contract';

/** The embed player's size in the code the Share dialog offers: the oEmbed default (16:9). */
const EMBED_SIZE = { width: 640, height: 360 };

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** A whole number of seconds to start at, or none below one second. */
const wholeStart = (startAt?: number) => (startAt && startAt >= 1 ? Math.floor(startAt) : 0);

/** The watch page's link, at `startAt` seconds when given (`?t=`, read by `useStartTime`). */
export function watchLink(origin: string, videoId: string, startAt?: number): string {
  const t = wholeStart(startAt);
  return `${origin}/video/watch/${encodeURIComponent(videoId)}${t ? `?t=${t}` : ''}`;
}

/**
 * The embed code: the same iframe the server's oEmbed answer carries for this video (its `html`;
 * apps/server/src/features/sharing/oembed.ts), an e2e test holds the two equal.
 */
export function embedCode(origin: string, videoId: string, title: string, startAt?: number): string {
  const t = wholeStart(startAt);
  const src = `${origin}/embed/${encodeURIComponent(videoId)}${t ? `?t=${t}` : ''}`;
  return (
    `<iframe src="${escapeAttribute(src)}" width="${EMBED_SIZE.width}" height="${EMBED_SIZE.height}" ` +
    `title="${escapeAttribute(title)}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`
  );
}

/** Where a shared link asks the watch page to start (`?t=83`), in seconds; 0 without one. */
export function useStartTime(): number {
  const [params] = useSearchParams();
  return startSeconds(params.get('t'));
}
