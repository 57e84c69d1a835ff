import type { MediaProbe } from './parse-probe.ts';

// The rendition ladder: which sizes a video is encoded to, at which bit rates, and what the HLS
// master playlist says about each. Pure, so the choices are unit-tested without ffmpeg.

export type Rung = {
  /** Folder and label, e.g. "720p" (the shorter side, so portrait videos read the same). */
  name: string;
  width: number;
  height: number;
  /** Expected average video bit rate (bits/s); encodes are capped CRF, so this is an estimate. */
  videoBitrate: number;
  /** x264 VBV cap (bits/s) and buffer (bits). */
  maxRate: number;
  bufSize: number;
  /** AAC encode bit rate; null when there is no audio to encode (none in the source, or copied). */
  audioBitrate: number | null;
  /** H.264 level, e.g. "3.1"; passed to x264 so CODECS below is exact. */
  level: string;
  fps: number;
  /** True when this rung is the source stream copied, not re-encoded. */
  copy: boolean;
  /** HLS CODECS attribute, e.g. "avc1.64001f,mp4a.40.2". */
  codecs: string;
  /** Peak and average bits/s including audio: estimates until measured after the encode. */
  bandwidth: number;
  averageBandwidth: number;
};

type RungSpec = { shortSide: number; videoBitrate: number; maxRate: number; audioBitrate: number };

// Figures for ≤ 30 fps; faster sources get 1.5× (encodedRung).
const RUNGS: readonly RungSpec[] = [
  { shortSide: 1080, videoBitrate: 4_500_000, maxRate: 6_000_000, audioBitrate: 128_000 },
  { shortSide: 720, videoBitrate: 2_500_000, maxRate: 3_500_000, audioBitrate: 128_000 },
  { shortSide: 480, videoBitrate: 1_200_000, maxRate: 1_750_000, audioBitrate: 96_000 },
  { shortSide: 360, videoBitrate: 700_000, maxRate: 1_000_000, audioBitrate: 96_000 },
  { shortSide: 240, videoBitrate: 350_000, maxRate: 500_000, audioBitrate: 64_000 },
];

/** Longest keyframe distance that still lets a copied stream be cut into ~4 s HLS segments. */
export const MAX_REMUX_KEYFRAME_INTERVAL_SEC = 4;
/** Frame rates above this are halved-or-more down to it; browsers and bit rates assume ≤ 60. */
export const MAX_FPS = 60;
const DEFAULT_FPS = 30;

/** The rungs for a source, largest first. */
export function buildLadder(probe: MediaProbe): Rung[] {
  const portrait = probe.height > probe.width;
  const sourceShort = Math.min(probe.width, probe.height);
  const sourceLong = Math.max(probe.width, probe.height);
  const fps = outputFps(probe.fps);
  const hasAudio = probe.audioCodec !== null;

  const chosen = RUNGS.filter((spec) => spec.shortSide <= sourceShort);
  // Smaller than the smallest rung: one rung at the source's own size with the smallest rung's rates.
  const specs = chosen.length > 0 ? chosen : [{ ...RUNGS[RUNGS.length - 1]!, shortSide: evenFloor(sourceShort) }];

  return specs.map((spec, index) => {
    const short = spec.shortSide;
    const long = index === 0 && chosen.length === 0 ? evenFloor(sourceLong) : evenRound((short * sourceLong) / sourceShort);
    const width = portrait ? short : long;
    const height = portrait ? long : short;
    const copy = index === 0 && canRemux(probe, width, height);
    return copy ? copyRung(probe, spec, width, height) : encodedRung(spec, width, height, fps, hasAudio);
  });
}

function encodedRung(spec: RungSpec, width: number, height: number, fps: number, hasAudio: boolean): Rung {
  const factor = fps > 30 ? 1.5 : 1;
  const videoBitrate = Math.round(spec.videoBitrate * factor);
  const maxRate = Math.round(spec.maxRate * factor);
  const audioBitrate = hasAudio ? spec.audioBitrate : null;
  const level = h264Level(width, height, fps);
  return {
    name: `${spec.shortSide}p`,
    width,
    height,
    videoBitrate,
    maxRate,
    bufSize: 2 * maxRate,
    audioBitrate,
    level,
    fps,
    copy: false,
    codecs: hlsCodecs(avc1Codec('High', level), hasAudio),
    bandwidth: maxRate + (audioBitrate ?? 0),
    averageBandwidth: videoBitrate + (audioBitrate ?? 0),
  };
}

function copyRung(probe: MediaProbe, spec: RungSpec, width: number, height: number): Rung {
  // The source's own rate stands in until the copied segments are measured.
  const sourceRate = probe.bitRate ?? spec.videoBitrate;
  const level = probe.videoLevel ? levelName(probe.videoLevel) : h264Level(width, height, probe.fps ?? DEFAULT_FPS);
  return {
    name: `${spec.shortSide}p`,
    width,
    height,
    videoBitrate: sourceRate,
    maxRate: Math.round(sourceRate * 1.5),
    bufSize: 3 * sourceRate,
    audioBitrate: null,
    level,
    fps: probe.fps ?? DEFAULT_FPS,
    copy: true,
    codecs: hlsCodecs(avc1Codec(probe.videoProfile ?? 'High', level), probe.audioCodec !== null),
    bandwidth: Math.round(sourceRate * 1.5),
    averageBandwidth: sourceRate,
  };
}

const REMUX_PROFILES = new Set(['Constrained Baseline', 'Baseline', 'Main', 'High']);

/**
 * A source can be copied as-is only when every browser plays it through MSE as it is:
 * 8-bit 4:2:0 H.264 in a common profile, AAC-LC stereo or no audio, square pixels, no rotation
 * flag (MSE ignores it), ≤ 60 fps, exactly the rung's size, and keyframes close enough for 4 s
 * segments. An unknown keyframe interval is not good enough.
 */
export function canRemux(probe: MediaProbe, width: number, height: number): boolean {
  const audioOk =
    probe.audioCodec === null ||
    (probe.audioCodec === 'aac' && (probe.audioProfile ?? 'LC') === 'LC' && (probe.audioChannels ?? 2) <= 2);
  return (
    probe.videoCodec === 'h264' &&
    probe.pixFmt === 'yuv420p' &&
    REMUX_PROFILES.has(probe.videoProfile ?? '') &&
    audioOk &&
    probe.rotation === 0 &&
    Math.abs(probe.sar - 1) < 0.01 &&
    (probe.fps ?? Infinity) <= MAX_FPS &&
    probe.width === width &&
    probe.height === height &&
    probe.keyframeIntervalSec != null &&
    probe.keyframeIntervalSec <= MAX_REMUX_KEYFRAME_INTERVAL_SEC
  );
}

/** The frame rate encodes use: the source's, capped at MAX_FPS by dropping frames evenly. */
export function outputFps(sourceFps: number | null): number {
  if (!sourceFps) return DEFAULT_FPS;
  if (sourceFps <= MAX_FPS) return sourceFps;
  return Math.round((sourceFps / Math.ceil(sourceFps / MAX_FPS)) * 1000) / 1000;
}

// H.264 Annex A limits: max macroblocks per frame and per second.
const LEVELS: readonly { name: string; maxFrameMbs: number; maxMbps: number }[] = [
  { name: '2.1', maxFrameMbs: 792, maxMbps: 19_800 },
  { name: '2.2', maxFrameMbs: 1_620, maxMbps: 20_250 },
  { name: '3.0', maxFrameMbs: 1_620, maxMbps: 40_500 },
  { name: '3.1', maxFrameMbs: 3_600, maxMbps: 108_000 },
  { name: '3.2', maxFrameMbs: 5_120, maxMbps: 216_000 },
  { name: '4.0', maxFrameMbs: 8_192, maxMbps: 245_760 },
  { name: '4.2', maxFrameMbs: 8_704, maxMbps: 522_240 },
  { name: '5.0', maxFrameMbs: 22_080, maxMbps: 589_824 },
  { name: '5.1', maxFrameMbs: 36_864, maxMbps: 983_040 },
  { name: '5.2', maxFrameMbs: 36_864, maxMbps: 2_073_600 },
];

/** Smallest H.264 level whose frame size and macroblock rate fit (our bit rates fit all of them). */
export function h264Level(width: number, height: number, fps: number): string {
  const frameMbs = Math.ceil(width / 16) * Math.ceil(height / 16);
  const level = LEVELS.find((l) => frameMbs <= l.maxFrameMbs && frameMbs * fps <= l.maxMbps);
  return (level ?? LEVELS[LEVELS.length - 1]!).name;
}

function levelName(levelIdc: number): string {
  return (levelIdc / 10).toFixed(1);
}

const PROFILE_IDC: Record<string, string> = {
  'Constrained Baseline': '42e0',
  Baseline: '4200',
  Main: '4d40',
  High: '6400',
};

/** RFC 6381 avc1 string: profile_idc, constraint flags, level_idc in hex ("avc1.64001f"). */
export function avc1Codec(profile: string, level: string): string {
  const idc = Math.round(Number(level) * 10);
  return `avc1.${PROFILE_IDC[profile] ?? PROFILE_IDC.High}${idc.toString(16).padStart(2, '0')}`;
}

function hlsCodecs(video: string, hasAudio: boolean): string {
  return hasAudio ? `${video},mp4a.40.2` : video;
}

function evenRound(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

function evenFloor(value: number): number {
  return Math.max(2, Math.floor(value / 2) * 2);
}
