// Pure interpretation of ffprobe output. Kept apart from probe.ts (which runs ffprobe)
// so the rules for "is this a video?" are unit-tested with plain fixture objects.

export type MediaProbe = {
  durationSec: number;
  /** Display size: after the sample aspect ratio and the rotation are applied. */
  width: number;
  height: number;
  /** Clockwise degrees the player must rotate the coded picture: 0, 90, 180 or 270. */
  rotation: number;
  /** Sample (pixel) aspect ratio; 1 for square pixels. */
  sar: number;
  videoStreamIndex: number;
  videoCodec: string;
  videoProfile: string | null;
  /** H.264 level_idc as ffprobe reports it (e.g. 31 for 3.1). */
  videoLevel: number | null;
  pixFmt: string | null;
  fps: number | null;
  audioStreamIndex: number | null;
  audioCodec: string | null;
  audioProfile: string | null;
  audioChannels: number | null;
  formatName: string;
  /** Whole-file bit rate in bits/s. */
  bitRate: number | null;
  /** Longest distance between keyframes; null when not measured (only measured for H.264). */
  keyframeIntervalSec?: number | null;
};

type ProbeStream = {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  level?: number;
  width?: number;
  height?: number;
  pix_fmt?: string;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  nb_frames?: string;
  channels?: number;
  disposition?: { attached_pic?: number; still_image?: number };
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
};

type VideoStream = ProbeStream & { codec_name: string; width: number; height: number };

type ProbeJson = {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string; bit_rate?: string };
};

// Demuxers that only ever hold pictures. Animated GIF/APNG/WebP are pictures for this product:
// they are uploaded as images, not transcoded as videos.
const IMAGE_FORMATS = new Set(['image2', 'image2pipe', 'gif', 'apng', 'webp', 'ico', 'tiff']);

export function isImageFormat(formatName: string): boolean {
  return formatName.split(',').some((name) => IMAGE_FORMATS.has(name) || name.endsWith('_pipe'));
}

/**
 * Turns `ffprobe -print_format json -show_format -show_streams` output into a MediaProbe, or null
 * when it is not a video. `scannedDurationSec` stands in when the container states no duration.
 */
export function parseProbe(json: unknown, scannedDurationSec: number | null = null): MediaProbe | null {
  const found = videoStreamOf(json);
  if (!found) return null;
  const { probe, streams, video } = found;
  const formatName = probe.format?.format_name ?? '';

  const durationSec = positive(probe.format?.duration) ?? positive(video.duration) ?? positiveNumber(scannedDurationSec);
  if (durationSec === null) return null;

  const audio = streams.find((s) => s.codec_type === 'audio');
  const rotation = rotationOf(video);
  const sar = ratio(video.sample_aspect_ratio) ?? 1;
  // Anamorphic sources are widened to square pixels, the way players display them.
  const shownWidth = Math.round(video.width * sar);
  const quarterTurn = rotation === 90 || rotation === 270;

  return {
    durationSec,
    width: quarterTurn ? video.height : shownWidth,
    height: quarterTurn ? shownWidth : video.height,
    rotation,
    sar,
    videoStreamIndex: video.index ?? 0,
    videoCodec: video.codec_name,
    videoProfile: video.profile ?? null,
    videoLevel: typeof video.level === 'number' && video.level > 0 ? video.level : null,
    pixFmt: video.pix_fmt ?? null,
    fps: frameRate(video),
    audioStreamIndex: audio ? (audio.index ?? null) : null,
    audioCodec: audio?.codec_name ?? null,
    audioProfile: audio?.profile ?? null,
    audioChannels: audio?.channels ?? null,
    formatName,
    bitRate: positive(probe.format?.bit_rate),
  };
}

/**
 * True for a video whose container states no duration, as browser-recorded WebM (MediaRecorder)
 * or anything written to a pipe: its length has to be found by reading its packets.
 */
export function needsDurationScan(json: unknown): boolean {
  const found = videoStreamOf(json);
  return found !== null && positive(found.probe.format?.duration) === null && positive(found.video.duration) === null;
}

/** End of the last packet from `ffprobe -show_entries packet=pts_time,duration_time -of csv=p=0` lines. */
export function parseLastPacketEnd(csv: string): number | null {
  let end: number | null = null;
  for (const line of csv.split('\n')) {
    const [pts, duration] = line.trim().split(',').map(Number);
    if (pts === undefined || !Number.isFinite(pts)) continue;
    end = Math.max(end ?? 0, pts + (duration !== undefined && Number.isFinite(duration) ? duration : 0));
  }
  return end !== null && end > 0 ? round3(end) : null;
}

/** The real (not cover art) video stream of a container that is not a picture format. */
function videoStreamOf(json: unknown): { probe: ProbeJson; streams: ProbeStream[]; video: VideoStream } | null {
  if (typeof json !== 'object' || json === null) return null;
  const probe = json as ProbeJson;
  const formatName = probe.format?.format_name ?? '';
  if (!formatName || isImageFormat(formatName)) return null;
  const streams = Array.isArray(probe.streams) ? probe.streams : [];
  const video = streams.find((s) => s.codec_type === 'video' && !isPicture(s));
  if (!video?.codec_name || !video.width || !video.height) return null;
  const frames = positive(video.nb_frames);
  if (frames !== null && frames <= 1) return null;
  return { probe, streams, video: video as VideoStream };
}

/**
 * Longest keyframe distance from `ffprobe -show_entries packet=pts_time,flags -of csv=p=0` lines
 * ("1.234,K_"). The tail after the last keyframe counts too, so a file with a single keyframe
 * reports its whole length. Null when there is no keyframe at all.
 */
export function parseKeyframeInterval(csv: string): number | null {
  const keyframes: number[] = [];
  let lastPts = -Infinity;
  for (const line of csv.split('\n')) {
    const [ptsText, flags] = line.trim().split(',');
    const pts = Number(ptsText);
    if (!ptsText || !Number.isFinite(pts)) continue;
    lastPts = Math.max(lastPts, pts);
    if (flags?.includes('K')) keyframes.push(pts);
  }
  if (keyframes.length === 0) return null;
  keyframes.sort((a, b) => a - b);
  let longest = lastPts - keyframes[keyframes.length - 1]!;
  for (let i = 1; i < keyframes.length; i++) {
    longest = Math.max(longest, keyframes[i]! - keyframes[i - 1]!);
  }
  return round3(longest);
}

function isPicture(stream: ProbeStream): boolean {
  return stream.disposition?.attached_pic === 1 || stream.disposition?.still_image === 1;
}

function rotationOf(stream: ProbeStream): number {
  // ffmpeg ≥ 5 reports the display matrix (counter-clockwise); older builds a "rotate" tag (clockwise).
  const matrix = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const degrees = matrix !== undefined ? -matrix : Number(stream.tags?.rotate ?? 0);
  if (!Number.isFinite(degrees)) return 0;
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

function frameRate(stream: ProbeStream): number | null {
  // avg_frame_rate is the real average; r_frame_rate can be a timebase guess (1000/1 in mkv).
  const fps = ratio(stream.avg_frame_rate) ?? ratio(stream.r_frame_rate);
  return fps !== null && fps <= 240 ? round3(fps) : null;
}

function ratio(text: string | undefined): number | null {
  if (!text) return null;
  const [num, den] = text.split(/[/:]/).map(Number);
  if (!num || !den || !Number.isFinite(num / den)) return null;
  return num / den;
}

function positive(text: string | undefined): number | null {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

function positiveNumber(value: number | null): number | null {
  return value !== null && Number.isFinite(value) && value > 0 ? value : null;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
