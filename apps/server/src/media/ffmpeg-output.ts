// Pure readers of what ffmpeg prints: `-progress` blocks on stdout and error lines on stderr.

export type FfmpegProgress = {
  /** Media time written so far, in seconds; null before the first packet. */
  outTimeSec: number | null;
  frame: number | null;
  fps: number | null;
  /** Encoding speed relative to realtime (1 = realtime); null when unknown. */
  speed: number | null;
  /** True on the final block (`progress=end`). */
  done: boolean;
};

/**
 * Reads `-progress` output: `key=value` lines, each block ending with `progress=continue|end`.
 * Given several blocks, the latest values win; null when the text holds no recognised key.
 */
export function parseProgress(chunk: string): FfmpegProgress | null {
  const values = new Map<string, string>();
  for (const line of chunk.split(/\r?\n/)) {
    const eq = line.indexOf('=');
    if (eq > 0) values.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  if (!['out_time_us', 'out_time_ms', 'out_time', 'frame', 'progress'].some((key) => values.has(key))) return null;
  return {
    outTimeSec: outTime(values),
    frame: finite(values.get('frame')),
    fps: finite(values.get('fps')),
    speed: finite(values.get('speed')?.replace(/x$/, '')),
    done: values.get('progress') === 'end',
  };
}

function outTime(values: Map<string, string>): number | null {
  // out_time_ms is microseconds as well (a long-standing ffmpeg misnomer).
  const micros = finite(values.get('out_time_us')) ?? finite(values.get('out_time_ms'));
  if (micros !== null) return Math.max(0, micros / 1e6);
  const match = /^(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(values.get('out_time') ?? '');
  if (!match) return null;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
  return match[1] ? 0 : seconds;
}

function finite(text: string | undefined): number | null {
  if (text === undefined || text === '' || text === 'N/A') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

// Lines that say that something failed without saying what.
const GENERIC_LINES = [/^conversion failed!?$/i, /^exiting normally/i];

// ffmpeg's wording where it would only confuse a person, with what it means for them.
const PLAIN_REASONS: readonly [RegExp, string][] = [
  [/matches no streams|does not contain any stream/i, 'the file has no readable video stream'],
];

/**
 * A short reason a person can read, from ffmpeg's stderr tail: the last meaningful line,
 * without the "[demuxer @ 0x…]" prefix and without file paths (which are server internals).
 */
export function ffmpegErrorReason(stderrLines: readonly string[], fallback = 'the video could not be processed'): string {
  for (let i = stderrLines.length - 1; i >= 0; i--) {
    const line = stripPaths(stderrLines[i]!.replace(/^\s*\[[^\]]*@ 0x[0-9a-f]+\]\s*/i, '').trim());
    if (!line || GENERIC_LINES.some((re) => re.test(line))) continue;
    return PLAIN_REASONS.find(([re]) => re.test(line))?.[1] ?? line.slice(0, 200);
  }
  return fallback;
}

/**
 * ffmpeg's failed exit as an error: its last meaningful line as the reason (`ffmpegErrorReason`).
 * A full disk anywhere in its output (the last line is often only "error closing file") keeps
 * ENOSPC as the code, so the job waits for space instead of failing the video.
 */
export function ffmpegFailure(stderrLines: readonly string[], fallback?: string): Error {
  const reason = ffmpegErrorReason(stderrLines, fallback);
  if (stderrLines.some((line) => /No space left on device/i.test(line))) {
    return Object.assign(new Error(`No space left on device (${reason})`), { code: 'ENOSPC' });
  }
  return new Error(reason);
}

function stripPaths(line: string): string {
  return line
    .replace(/(?:file:)?(?:\/[^\s:'"]+)+:?\s*/g, '')
    .replace(/^[\s:]+/, '')
    .trim();
}
