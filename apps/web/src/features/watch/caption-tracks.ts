import { useEffect } from 'react';
import type { Caption } from '@streamhub/contract';

const NONE: readonly Caption[] = [];

/**
 * Gives the media element one `captions` track per caption file of the watch call, off until the
 * viewer picks one in the captions menu (media-chrome lists the element's text tracks, with Off).
 * Both hls.js (whose light build reads no SUBTITLES group; docs/captions.md) and the MP4 file take
 * them so; Safari's own HLS reads the master's group instead, so the page passes no element then.
 * New URLs (a refreshed media token) replace the tracks. In the browser only; removed with the element.
 */
export function useCaptionTracks(media: HTMLElement | null, captions: readonly Caption[] = NONE) {
  const key = JSON.stringify(captions.map((c) => [c.url, c.language, c.label]));
  useEffect(() => {
    if (!media) return;
    const tracks = (JSON.parse(key) as [string, string, string][]).map(([url, language, label]) => {
      const track = document.createElement('track');
      track.kind = 'captions';
      track.src = url;
      track.srclang = language;
      track.label = label;
      media.append(track);
      return track;
    });
    return () => {
      for (const track of tracks) track.remove();
    };
  }, [media, key]);
}
