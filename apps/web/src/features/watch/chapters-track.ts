import { useEffect } from 'react';
import type { Chapter } from '@streamhub/contract';

/** Cue text is WebVTT markup: a title is escaped so it reads as written. */
const escapeCueText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const vttTime = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/**
 * A WebVTT chapters track of the watch call's chapters: each from its start to the next one's
 * (the last to the end of the video). Chapters at or past the end are left out.
 */
export function chaptersVtt(chapters: readonly Chapter[], duration: number): string {
  const inside = duration > 0 ? chapters.filter((c) => c.start < duration) : chapters;
  const cues = inside.map((c, i) => {
    const end = inside[i + 1]?.start ?? (duration > c.start ? duration : c.start + 1);
    return `${vttTime(c.start)} --> ${vttTime(end)}\n${escapeCueText(c.title.replace(/\s+/g, ' '))}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/**
 * Gives the media element a default `chapters` track (a blob URL, which the CSP's media-src
 * allows): media-chrome's seek bar then draws each chapter as a segment and names it in the
 * preview. In the browser only, once the element exists; removed with it.
 */
export function useChaptersTrack(media: HTMLElement | null, chapters: readonly Chapter[], duration: number) {
  const vtt = chapters.length > 0 ? chaptersVtt(chapters, duration) : '';
  useEffect(() => {
    if (!media || !vtt) return;
    const url = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }));
    const track = document.createElement('track');
    track.kind = 'chapters';
    track.label = 'Chapters';
    track.default = true;
    track.src = url;
    media.append(track);
    // A track added after the element started is not enabled by itself (hls.js's element enables its copy).
    if (track.track.mode === 'disabled') track.track.mode = 'hidden';
    return () => {
      track.remove();
      URL.revokeObjectURL(url);
    };
  }, [media, vtt]);
}
