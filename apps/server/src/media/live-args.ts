import { GOP_SEC, COMMON_OUTPUT, pairs, QUIET, streamArgs, buildFilterGraph, type X264Preset } from './ffmpeg-args.ts';
import { buildLadder, type Rung } from './ladder.ts';
import type { MediaProbe } from './parse-probe.ts';

// Pure command lines and names of a live stream's ladder (docs/live.md). The same ladder rules
// as an upload (ladder.ts, ffmpeg-args.ts), capped by the incoming picture; short segments with
// the wall clock of each (EXT-X-PROGRAM-DATE-TIME); no `-re`: the input arrives in real time.

/** The live files' folder inside the video's media folder: `<media_key>/live/…`. */
export const LIVE_FOLDER = 'live';
export const LIVE_MASTER = 'master.m3u8';
/** Each rung's served playlist: the last segments of everything encoded (the DVR window). */
export const LIVE_PLAYLIST = 'index.m3u8';
/** Segment length: a player starts ~3 segments behind the newest, so latency follows it. */
export const LIVE_SEGMENT_SEC = GOP_SEC;

/** What the incoming stream's metadata (RTMP @setDataFrame / onMetaData) says about it. */
export interface LiveSource {
  width: number;
  height: number;
  fps: number | null;
  hasAudio: boolean;
  audioChannels: number | null;
}

/**
 * The incoming stream as the ladder reads a probe. Never a copied rung: its keyframes are the
 * publisher's (OBS defaults to 250 frames), and every rung must cut at the same 2 s instants.
 */
export function liveProbe(source: LiveSource): MediaProbe {
  return {
    durationSec: 0,
    width: source.width,
    height: source.height,
    rotation: 0,
    sar: 1,
    videoStreamIndex: 0,
    videoCodec: 'h264',
    videoProfile: null,
    videoLevel: null,
    pixFmt: null,
    fps: source.fps,
    audioStreamIndex: source.hasAudio ? 1 : null,
    audioCodec: source.hasAudio ? 'aac' : null,
    audioProfile: 'LC',
    audioChannels: source.audioChannels,
    formatName: 'flv',
    bitRate: null,
    keyframeIntervalSec: null,
  };
}

/** The rungs of a live stream, largest first: the upload ladder, capped by the incoming picture. */
export function buildLiveLadder(source: LiveSource): Rung[] {
  return buildLadder(liveProbe(source));
}

/**
 * The files one publish writes, relative to the live work folder. Each publish (a reconnect
 * within the grace period is a new one) writes its own init segment, segments and playlist,
 * prefixed `s<n>_`, so a publish never overwrites another's and the served playlist joins them
 * with EXT-X-DISCONTINUITY.
 */
export function livePublishFiles(rung: Pick<Rung, 'name'>, publish: number) {
  return {
    playlist: `${rung.name}/s${publish}.m3u8`,
    init: `s${publish}_init.mp4`,
    segments: `${rung.name}/s${publish}_%05d.m4s`,
  };
}

export interface LiveArgsOptions {
  source: LiveSource;
  rungs: readonly Rung[];
  publish: number;
  preset: X264Preset;
}

/**
 * One ffmpeg that reads the stream as FLV on stdin and writes every rung as fMP4 HLS: 2 s
 * segments (a keyframe every 2 s in every rung), each written aside and renamed when whole
 * (temp_file), an event playlist that only grows, the wall clock of each segment. Run it with
 * cwd = the live work folder, after creating the rungs' folders.
 */
export function buildLiveArgs({ source, rungs, publish, preset }: LiveArgsOptions): string[] {
  if (rungs.length === 0) throw new Error('buildLiveArgs needs at least one rung');
  const probe = liveProbe(source);
  const maps = { video: '0:v:0', audio: source.hasAudio ? '0:a:0' : null };
  // Small probes: the FLV stream says what it holds at once, and every buffered second is latency.
  const args = [...QUIET, '-progress', 'pipe:1', '-nostats', '-fflags', 'nobuffer', '-analyzeduration', '1000000'];
  args.push('-f', 'flv', '-i', 'pipe:0');
  args.push('-filter_complex', buildFilterGraph(probe, rungs, maps)!);
  for (const rung of rungs) {
    const files = livePublishFiles(rung, publish);
    args.push(...streamArgs(probe, rung, preset, false, maps));
    args.push(
      ...COMMON_OUTPUT,
      ...pairs([
        ['-f', 'hls'],
        ['-hls_time', String(LIVE_SEGMENT_SEC)],
        ['-hls_segment_type', 'fmp4'],
        ['-hls_flags', 'independent_segments+program_date_time+temp_file'],
        ['-hls_playlist_type', 'event'],
        ['-hls_list_size', '0'],
        ['-hls_fmp4_init_filename', files.init],
        ['-hls_segment_filename', files.segments],
      ]),
      files.playlist,
    );
  }
  return args;
}
