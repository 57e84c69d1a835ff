// Thumbnail candidates (API.md §22): after a transcode the server offers its owner three frames of
// the video to choose from, and a live's replay gets the first one instead of its dark placeholder.
// Pure: the ffmpeg arguments that sample frames and the choice among them;
// media/thumbnail-candidate-files.ts runs them.

/** Folder inside a video's folder; the chosen frames are `candidate_1.webp` … `candidate_3.webp` in it. */
export const CANDIDATE_DIR = 'candidates';
export const CANDIDATES = 3;
/** Frames sampled to choose from, spread evenly over the video. */
export const SAMPLED_FRAMES = 12;
const FRAME_PATTERN = 'frame_%02d.jpg';
/** The sampled frames' width (the height follows the picture). */
const FRAME_WIDTH = 640;

/** The file of candidate `index` (0-based, as `GET /thumbnails` lists them), relative to the video's folder. */
export function candidateFile(index: number): string {
  return `${CANDIDATE_DIR}/candidate_${index + 1}.webp`;
}

/** The sampled frame `n` (1-based, as the image2 muxer numbers them), relative to the video's folder. */
export function frameFile(n: number): string {
  return `${CANDIDATE_DIR}/${FRAME_PATTERN.replace('%02d', String(n).padStart(2, '0'))}`;
}

/** Our encodes' keyframe distance (media/ffmpeg-args.ts): a longer video has a keyframe near every sampled moment. */
const KEYFRAME_SECONDS = 2;

/**
 * ffmpeg reading the finished MP4 (`video.mp4` in the video's folder, mov demuxer forced, the file
 * protocol only) and keeping SAMPLED_FRAMES frames spread over the duration (skipping the first
 * and last 5 %: titles and end cards), scaled to FRAME_WIDTH. A long video decodes its keyframes
 * only (a small fraction of its frames); a short one, with fewer keyframes than samples, decodes
 * every frame so the samples differ. Run with cwd = the video's folder.
 */
export function buildCandidateFrameArgs(input: { file: string; durationSec: number }): string[] {
  if (!/^[\w-]+\.mp4$/.test(input.file)) throw new Error('Unexpected input file name');
  const duration = Math.max(input.durationSec, 0.1);
  const start = duration * 0.05;
  const span = Math.max(duration * 0.9, 0.1);
  const keyframesOnly = span >= SAMPLED_FRAMES * KEYFRAME_SECONDS * 2;
  // prettier-ignore
  return [
    '-hide_banner', '-nostdin', '-y', '-v', 'error',
    ...(keyframesOnly ? ['-skip_frame', 'nokey'] : []),
    '-ss', start.toFixed(3),
    '-f', 'mov', '-protocol_whitelist', 'file',
    '-i', `file:${input.file}`,
    '-map', '0:v:0', '-an', '-sn', '-dn',
    '-vf', `fps=${SAMPLED_FRAMES}/${span.toFixed(3)},scale=${FRAME_WIDTH}:-2`,
    '-frames:v', String(SAMPLED_FRAMES),
    '-q:v', '3',
    '-f', 'image2', '-start_number', '1', `${CANDIDATE_DIR}/${FRAME_PATTERN}`,
  ];
}

/** What is measured of a sampled frame (sharp's statistics of its grey picture, 0–255). */
export interface FrameStats {
  /** 1-based frame number. */
  frame: number;
  /** Average brightness. */
  mean: number;
  /** Spread of the brightness: a flat picture (a fade, a solid card) has almost none. */
  stdev: number;
  /** Sharpness estimate (sharp's `sharpness`, a Laplacian's spread): blurred frames score low. */
  sharpness: number;
}

/** Darker than this on average is a black frame; brighter than 255 − this a white one. */
const BLACK_MEAN = 24;
/** Less spread than this is a flat picture. */
const FLAT_STDEV = 12;

/** Whether a frame shows something: neither black, nor white, nor flat. */
export function showsSomething(s: FrameStats): boolean {
  return s.mean > BLACK_MEAN && s.mean < 255 - BLACK_MEAN && s.stdev > FLAT_STDEV;
}

/**
 * The frames to offer, in the order of the video: the sharpest CANDIDATES frames among those that
 * show something; when fewer show something (a dark film), the sharpest of the rest fill in, so a
 * video always gets up to three.
 */
export function chooseCandidates(stats: readonly FrameStats[], count = CANDIDATES): number[] {
  const bySharpness = (a: FrameStats, b: FrameStats) => b.sharpness - a.sharpness || a.frame - b.frame;
  // The same picture twice (a still, or one keyframe sampled twice) is offered once.
  const seen = new Set<string>();
  const distinct = stats.filter((s) => {
    const key = `${s.mean.toFixed(2)}|${s.stdev.toFixed(2)}|${s.sharpness.toFixed(3)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const good = distinct.filter(showsSomething).sort(bySharpness);
  const rest = distinct.filter((s) => !showsSomething(s)).sort(bySharpness);
  return [...good, ...rest]
    .slice(0, count)
    .map((s) => s.frame)
    .sort((a, b) => a - b);
}
