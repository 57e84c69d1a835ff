import { BadInput, UnsupportedMedia } from '../../lib/errors.ts';

/**
 * A caption file is untrusted input (docs/captions.md, "Hostile files"): it is read as strict
 * UTF-8 text, recognised as WebVTT or SRT by its content (never by its name or type), every
 * timing parsed strictly, every cue's text stripped of all markup, and written out again as a
 * minimal WebVTT of our own making. Nothing of the original passes through unchecked: headers,
 * NOTE, STYLE and REGION blocks and cue identifiers are dropped, cue settings kept only when they
 * are WebVTT's own.
 */

/** Cues one file may hold: hours of dense dialogue stay far below it. */
export const MAX_CUES = 20_000;
/** A cue may end at most this far into the video (100 hours), so a timing cannot overflow anything. */
const MAX_TIME_MS = 100 * 3600 * 1000;

export const NOT_CAPTIONS = 'Caption file must be WebVTT or SRT text';
const NOT_TEXT = 'Caption file must be UTF-8 text without binary content';

export interface Cue {
  startMs: number;
  endMs: number;
  /** WebVTT cue settings (`align:start line:90%`), only those WebVTT defines, or ''. */
  settings: string;
  /** The cue's lines, markup removed. */
  lines: string[];
}

export interface CaptionTrack {
  format: 'webvtt' | 'srt';
  cues: Cue[];
}

/**
 * Control characters no caption holds: NUL and every C0 control but tab, LF, CR and form feed,
 * DEL and the C1 controls. Their presence means the file is binary (or made to look like text).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BINARY = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/;

/** Strict UTF-8 decoding: invalid sequences and binary controls → 415. A leading BOM is dropped. */
export function decodeCaptionText(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UnsupportedMedia(NOT_TEXT);
  }
  if (BINARY.test(text)) throw new UnsupportedMedia(NOT_TEXT);
  return text.replace(/^\uFEFF/, '');
}

/** `[hh:]mm:ss.mmm` (WebVTT) or `hh:mm:ss,mmm` (SRT): milliseconds, or null for anything else. */
export function parseTimestamp(text: string, format: CaptionTrack['format']): number | null {
  const m =
    format === 'webvtt'
      ? /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(text)
      : /^(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{3})$/.exec(text);
  if (!m) return null;
  const ms = Number(m[1] ?? 0) * 3_600_000 + Number(m[2]) * 60_000 + Number(m[3]) * 1000 + Number(m[4]);
  return ms <= MAX_TIME_MS ? ms : null;
}

/** WebVTT's own cue settings (WebVTT §4.4): anything else is dropped. */
const SETTING =
  /^(?:vertical:(?:rl|lr)|line:-?\d{1,3}(?:\.\d+)?%?(?:,(?:start|center|end))?|position:\d{1,3}(?:\.\d+)?%(?:,(?:line-left|center|line-right))?|size:\d{1,3}(?:\.\d+)?%|align:(?:start|center|end|left|right))$/;

const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(.*)$/;

/**
 * Removes every tag (`<b>`, `<font color=…>`, `<script>`, `<c.x>`, `</i>`, WebVTT timestamps), decodes
 * nothing (an `&lt;` stays as written and is shown as `<` by the player), and escapes what could
 * still be read as markup or as a timing line: a lone `<` or `>`, and `-->`.
 */
export function sanitiseCueLine(line: string): string {
  return line
    .replace(/<\/?[A-Za-z0-9][^<>]*>/g, '')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cue text for search: the sanitised lines with the entities of WebVTT decoded. */
export function cueText(cues: readonly Cue[]): string {
  return cues
    .map((cue) => cue.lines.join(' '))
    .join('\n')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

function badTiming(cueNumber: number, line: string): BadInput {
  const shown = line.length > 60 ? `${line.slice(0, 60)}…` : line;
  return new BadInput(`Cue ${cueNumber}: "${shown}" is not a valid timing (start --> end)`, [
    { field: 'file', problem: `cue ${cueNumber} has an invalid timing` },
  ]);
}

/** The format a file's first line says it is: WebVTT's signature, or SRT's cue number or timing. */
function detectFormat(blocks: string[][]): CaptionTrack['format'] {
  const first = blocks[0]?.[0] ?? '';
  if (/^WEBVTT(?:[ \t].*)?$/.test(first)) return 'webvtt';
  const timing = /^\d+$/.test(first) ? blocks[0]?.[1] : first;
  const m = timing === undefined ? null : TIMING.exec(timing.trim());
  if (m && parseTimestamp(m[1]!, 'srt') !== null) return 'srt';
  throw new UnsupportedMedia(NOT_CAPTIONS);
}

/** Parses decoded caption text into cues; garbage timings are refused (400), not guessed at. */
export function parseCaptions(text: string): CaptionTrack {
  // Blocks are separated by blank lines, so a block holds no blank line.
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0);
  const format = detectFormat(blocks);
  const cues: Cue[] = [];
  for (const [index, block] of blocks.entries()) {
    if (format === 'webvtt' && (index === 0 || /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block[0]!))) continue;
    // An identifier (WebVTT) or cue number (SRT) may come first; the timing line is the first with an arrow.
    const timingAt = block[0]!.includes('-->') ? 0 : 1;
    const timingLine = block[timingAt];
    const cueNumber = cues.length + 1;
    if (timingLine === undefined || !timingLine.includes('-->')) throw badTiming(cueNumber, block[0]!);
    const m = TIMING.exec(timingLine.trim());
    const startMs = m ? parseTimestamp(m[1]!, format) : null;
    const endMs = m ? parseTimestamp(m[2]!, format) : null;
    if (startMs === null || endMs === null || endMs < startMs) throw badTiming(cueNumber, timingLine);
    if (cues.length >= MAX_CUES) {
      throw new BadInput(`Caption file has more than ${MAX_CUES} cues`, [{ field: 'file', problem: 'too many cues' }]);
    }
    const settings =
      format === 'webvtt'
        ? m![3]!
            .trim()
            .split(/[ \t]+/)
            .filter((s) => SETTING.test(s))
            .join(' ')
        : '';
    const lines = block
      .slice(timingAt + 1)
      .map(sanitiseCueLine)
      .filter((line) => line !== '');
    // A cue whose text was all markup says nothing: left out.
    if (lines.length > 0) cues.push({ startMs, endMs, settings, lines });
  }
  if (cues.length === 0) throw new BadInput('Caption file has no cues', [{ field: 'file', problem: 'has no cues' }]);
  return { format, cues };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `hh:mm:ss.mmm`. */
export function formatTimestamp(ms: number): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** Our own WebVTT of the cues: the header, then each cue's timing, settings and lines. */
export function toWebVtt(cues: readonly Cue[]): string {
  const body = cues.map((cue) => {
    const timing = `${formatTimestamp(cue.startMs)} --> ${formatTimestamp(cue.endMs)}${cue.settings ? ` ${cue.settings}` : ''}`;
    return [timing, ...cue.lines].join('\n');
  });
  return `WEBVTT\n\n${body.join('\n\n')}\n`;
}

/** A caption upload's bytes → the WebVTT we store and serve, and its text for search. */
export function readCaptionFile(bytes: Buffer): { vtt: string; text: string; format: CaptionTrack['format']; cues: number } {
  const track = parseCaptions(decodeCaptionText(bytes));
  return { vtt: toWebVtt(track.cues), text: cueText(track.cues), format: track.format, cues: track.cues.length };
}
