import type { Chapter } from './chapters.ts';

/**
 * Timestamps in a video's texts and the chapters they make (API.md §16), read the same way by the
 * server (the watch call's `chapters`) and the web app (chapter list, seek-bar marks, `?t=` links).
 * Schema-free, so the browser loads no zod for it (limits.ts). Rules and their reasons:
 * docs/chapters-and-scheduling.md.
 */

/** Fewest chapter lines that make chapters (YouTube's rule): two timestamps are a list, not chapters. */
export const MIN_CHAPTERS = 3;

/**
 * A timestamp: `m:ss`, `mm:ss`, `h:mm:ss` or `hh:mm:ss` (minutes and seconds below 60), never
 * glued to another digit or colon, so `1:23:45` is one timestamp and `12:30:45:67` is none.
 */
const TIMESTAMP = String.raw`(?<!\d|\d:)(?:(\d{1,2}):)?([0-5]?\d):([0-5]\d)(?!\d|:\d)`;
const TIMESTAMP_GLOBAL = new RegExp(TIMESTAMP, 'g');
/** A chapter line: optional indentation, a timestamp, a separator (` - `, ` – `, ` — `, ` | `, `: ` or a space) and its title. */
const CHAPTER_LINE = new RegExp(String.raw`^[ \t]*${TIMESTAMP}(?:[ \t]*[-–—|:][ \t]*|[ \t]+)(\S.*)$`);

const toSeconds = (h: string | undefined, m: string, s: string) => Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);

/**
 * The chapters of a description: its lines that start with a timestamp followed by a title, when
 * there are at least MIN_CHAPTERS of them, the first at 0:00 and each later than the one before;
 * otherwise none. Timestamps inside a line never make a chapter.
 */
export function parseChapters(description: string): Chapter[] {
  const chapters: Chapter[] = [];
  for (const line of description.split(/\r\n|\r|\n/)) {
    const m = CHAPTER_LINE.exec(line);
    if (m) chapters.push({ start: toSeconds(m[1], m[2]!, m[3]!), title: m[4]!.trim() });
  }
  if (chapters.length < MIN_CHAPTERS || chapters[0]!.start !== 0) return [];
  const ascending = chapters.every((c, i) => i === 0 || c.start > chapters[i - 1]!.start);
  return ascending ? chapters : [];
}

/** A piece of a text: plain text, or a timestamp with the second it names. */
export type TextPiece = { text: string; seconds?: undefined } | { text: string; seconds: number };

/**
 * A text cut at every timestamp it holds (descriptions and comments: each becomes a `?t=` link).
 * Joining the pieces' `text` gives the text back unchanged.
 */
export function splitTimestamps(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const m of text.matchAll(TIMESTAMP_GLOBAL)) {
    if (m.index > last) pieces.push({ text: text.slice(last, m.index) });
    pieces.push({ text: m[0], seconds: toSeconds(m[1], m[2]!, m[3]!) });
    last = m.index + m[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}
