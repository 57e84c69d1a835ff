// Scrub previews ("storyboard"): small frames of the video tiled into JPEG sprite sheets, and a
// WebVTT thumbnails track whose cues name a sheet and the frame's region in it
// (`sheet_001.jpg#xywh=160,0,160,90`), which players show above the seek bar. Pure: the plan, the
// ffmpeg arguments and the VTT text; media/storyboard-files.ts runs them.

/** Folder inside a video's folder, and the track's file in it (the last file written). */
export const STORYBOARD_DIR = 'storyboard';
export const STORYBOARD_VTT = `${STORYBOARD_DIR}/storyboard.vtt`;
export const SHEET_PATTERN = 'sheet_%03d.jpg';

/** A frame every 2 s (our keyframe distance) for short videos; longer ones stay near this many frames. */
const MAX_FRAMES = 300;
const MIN_INTERVAL_SEC = 2;
/** Frames fit in this box (16:9 → 160×90, 9:16 → 90×160). */
const FRAME_BOX = 160;
const COLUMNS = 10;
const ROWS = 10;

export type StoryboardPlan = {
  intervalSec: number;
  /** Frames in all: one for every interval started, the last one included. */
  count: number;
  frameWidth: number;
  frameHeight: number;
  columns: number;
  rows: number;
};

/** How many frames, how far apart and how large, from the duration and the picture's size. */
export function planStoryboard(input: { durationSec: number; width: number; height: number }): StoryboardPlan {
  const duration = Math.max(input.durationSec, 0.001);
  // Multiples of the keyframe distance, so every frame taken is a keyframe.
  const intervalSec = Math.max(MIN_INTERVAL_SEC, Math.ceil(duration / MAX_FRAMES / MIN_INTERVAL_SEC) * MIN_INTERVAL_SEC);
  const scale = Math.min(FRAME_BOX / input.width, FRAME_BOX / input.height, 1);
  return {
    intervalSec,
    count: Math.ceil(duration / intervalSec),
    frameWidth: even(input.width * scale),
    frameHeight: even(input.height * scale),
    columns: COLUMNS,
    rows: ROWS,
  };
}

/** Names ffmpeg itself wrote in a rung's playlist; nothing else may reach the concat protocol. */
const SAFE_NAME = /^[\w-]+\.(?:mp4|m4s)$/;

/**
 * ffmpeg reading a rung's fMP4 output (its one file, or in the old layout the init section and
 * segments joined by the concat protocol, in that rung's folder (`.` for the top rung), mov
 * demuxer forced, only file and concat allowed), decoding keyframes only
 * (`-skip_frame nokey`: a small fraction of the frames, of the smallest picture), one frame per
 * interval (`eof_action=pass` keeps the last), scaled and tiled into sheets. Run with cwd = the
 * video's folder.
 */
export function buildStoryboardArgs(input: { rungDir: string; init: string; segments: readonly string[] }, plan: StoryboardPlan) {
  // A single-file rung names its one file for the init section and every segment.
  const parts = [...new Set([input.init, ...input.segments])];
  if (!/^(?:[\w-]+|\.)$/.test(input.rungDir) || input.segments.length === 0 || !parts.every((part) => SAFE_NAME.test(part))) {
    throw new Error('Unexpected file names in the rung playlist');
  }
  const filter = [
    `fps=1/${plan.intervalSec}:eof_action=pass`,
    `scale=${plan.frameWidth}:${plan.frameHeight}`,
    `tile=${plan.columns}x${plan.rows}`,
  ].join(',');
  // prettier-ignore
  return [
    '-hide_banner', '-nostdin', '-y', '-v', 'error',
    '-skip_frame', 'nokey',
    '-f', 'mov', '-protocol_whitelist', 'file,concat',
    '-i', `concat:${parts.map((part) => `${input.rungDir}/${part}`).join('|')}`,
    '-map', '0:v:0', '-an', '-sn', '-dn',
    '-vf', filter,
    '-q:v', '5',
    '-f', 'image2', '-start_number', '1', `${STORYBOARD_DIR}/${SHEET_PATTERN}`,
  ];
}

/** The sheet a frame is on, as written by the image2 muxer (1-based). */
export function sheetName(sheet: number): string {
  return SHEET_PATTERN.replace('%03d', String(sheet).padStart(3, '0'));
}

/** Frames that `sheets` sheets hold, at most the plan's count (a shorter decode wrote fewer). */
export function framesIn(plan: StoryboardPlan, sheets: number): number {
  return Math.min(plan.count, sheets * plan.columns * plan.rows);
}

/**
 * The WebVTT thumbnails track: one cue per frame, from its time to the next frame's (the last one
 * to the end), naming its sheet relative to the track, so a tokenised path carries over.
 */
export function buildStoryboardVtt(plan: StoryboardPlan, frames: number, durationSec: number): string {
  const perSheet = plan.columns * plan.rows;
  const lines = ['WEBVTT', ''];
  for (let i = 0; i < frames; i++) {
    const start = i * plan.intervalSec;
    const end = i === frames - 1 ? Math.max(durationSec, start + 0.001) : (i + 1) * plan.intervalSec;
    const cell = i % perSheet;
    const x = (cell % plan.columns) * plan.frameWidth;
    const y = Math.floor(cell / plan.columns) * plan.frameHeight;
    lines.push(
      `${vttTime(start)} --> ${vttTime(end)}`,
      `${sheetName(Math.floor(i / perSheet) + 1)}#xywh=${x},${y},${plan.frameWidth},${plan.frameHeight}`,
      '',
    );
  }
  return lines.join('\n');
}

/** hh:mm:ss.mmm */
export function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}.${String(ms % 1000).padStart(3, '0')}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}
