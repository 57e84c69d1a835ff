import { useSearchParams } from 'react-router';
import { DEFAULT_PLAYER, embedIframe, startSeconds } from '@streamhub/contract';

/** A whole number of seconds to start at, or none below one second. */
const wholeStart = (startAt?: number) => (startAt && startAt >= 1 ? Math.floor(startAt) : 0);

/** The watch page's link, at `startAt` seconds when given (`?t=`, read by `useStartTime`). */
export function watchLink(origin: string, videoId: string, startAt?: number): string {
  const t = wholeStart(startAt);
  return `${origin}/video/watch/${encodeURIComponent(videoId)}${t ? `?t=${t}` : ''}`;
}

/**
 * The embed code: the iframe the server's oEmbed answer carries for this video (its `html`), at
 * oEmbed's default size, made by the same contract function.
 */
export function embedCode(origin: string, videoId: string, title: string, startAt?: number): string {
  const t = wholeStart(startAt);
  const src = `${origin}/embed/${encodeURIComponent(videoId)}${t ? `?t=${t}` : ''}`;
  return embedIframe(src, DEFAULT_PLAYER, title);
}

/** Where a shared link asks the watch page to start (`?t=83`), in seconds; 0 without one. */
export function useStartTime(): number {
  const [params] = useSearchParams();
  return startSeconds(params.get('t'));
}
