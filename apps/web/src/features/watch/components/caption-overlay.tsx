import { useEffect, useState } from 'react';

/** Hides the browser's own drawing of cues (the overlay draws them); index.css does it for a page's video. */
const HIDE_NATIVE_CUES =
  'video::cue { color: transparent; background: transparent; text-shadow: none; } video::-webkit-media-text-track-container { display: none; }';

/** hls.js's element keeps its video in a shadow root that the page's CSS does not reach. */
function hideNativeCuesIn(media: MediaWithTracks) {
  const root = (media as unknown as HTMLElement).shadowRoot;
  if (!root || typeof CSSStyleSheet === 'undefined') return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(HIDE_NATIVE_CUES);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** media-chrome's attribute for chrome that stays when the controls fade. */
const STAYS: Record<string, string> = { noautohide: '' };

type MediaWithTracks = { textTracks: TextTrackList };

/** The lines of the showing captions (or subtitles) track's active cues, in order. */
function activeLines(media: MediaWithTracks): string[] {
  const lines: string[] = [];
  for (const track of Array.from(media.textTracks)) {
    if (track.mode !== 'showing' || (track.kind !== 'captions' && track.kind !== 'subtitles')) continue;
    for (const cue of Array.from(track.activeCues ?? [])) {
      const text = (cue as VTTCue).text?.replace(/<[^>]*>/g, '') ?? '';
      if (text.trim()) lines.push(text);
    }
  }
  return lines;
}

/**
 * The captions, drawn by the page rather than the browser: the browser draws a cue at the bottom of
 * the video, under media-chrome's control bar. This box sits in the controller's bottom chrome
 * just before the control bar, so a caption is always above the bar (`noautohide`: it stays when
 * the bar fades). The browser's own drawing is hidden in index.css (`video::cue`). The captions
 * menu still picks the track (its mode `showing`); this only reads its active cues.
 */
export function CaptionOverlay({ media }: { media: MediaWithTracks | null }) {
  const [lines, setLines] = useState<string[]>([]);
  useEffect(() => {
    if (!media) return;
    hideNativeCuesIn(media);
    const tracks = media.textTracks;
    const update = () => setLines(activeLines(media));
    const watched = new Set<TextTrack>();
    const watch = () => {
      for (const track of Array.from(tracks)) {
        if (watched.has(track)) continue;
        watched.add(track);
        track.addEventListener('cuechange', update);
      }
      update();
    };
    watch();
    tracks.addEventListener('addtrack', watch);
    tracks.addEventListener('removetrack', update);
    tracks.addEventListener('change', update);
    return () => {
      tracks.removeEventListener('addtrack', watch);
      tracks.removeEventListener('removetrack', update);
      tracks.removeEventListener('change', update);
      for (const track of watched) track.removeEventListener('cuechange', update);
    };
  }, [media]);

  return (
    <div {...STAYS} data-testid="caption-overlay" className="streamhub-captions" hidden={lines.length === 0}>
      {lines.map((line, i) => (
        <span key={i} className="streamhub-caption">
          {line}
        </span>
      ))}
    </div>
  );
}
