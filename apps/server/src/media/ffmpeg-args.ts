import type { Rung } from './ladder.ts';
import { MAX_FPS } from './ladder.ts';
import type { MediaProbe } from './parse-probe.ts';

// Pure ffmpeg command lines. Output paths are relative: the command runs with the output
// folder as its working directory, so no path ever needs escaping, and the playlists ffmpeg
// writes hold only relative URIs.

/**
 * Files of one transcoded video, relative to its output folder. Each rung is one fragmented MP4
 * (init section, then one fragment per segment) named by byte ranges in its playlist; the top
 * rung's file is also the progressive `videoFile`, so no second copy of the video is stored.
 * Videos transcoded before this layout have `<rung>/init.mp4` + `<rung>/seg_%05d.m4s` and a
 * separate faststart `video.mp4`; every reader takes both (docs/decisions.md, "One copy").
 */
export const OUTPUT_FILES = {
  master: 'master.m3u8',
  /** The top rung's media, moov first: plays in a plain <video src> as well as through HLS. */
  mp4: 'video.mp4',
  /** The top rung's playlist, beside its file. */
  topPlaylist: 'video.m3u8',
  /** Inside each lower rung's folder: its playlist and its one media file. */
  playlist: 'index.m3u8',
  rungMedia: 'media.mp4',
} as const;

export const SEGMENT_SEC = 4;
export const GOP_SEC = 2;
/** Capped CRF: quality-driven size, with the rung's maxrate as the ceiling for bursts. */
export const CRF = 23;

export type X264Preset = 'ultrafast' | 'superfast' | 'veryfast' | 'faster' | 'fast' | 'medium';
export const DEFAULT_PRESET: X264Preset = 'veryfast';

/**
 * The demuxers an upload may be read with, by what its bytes sniff as (file-type's `ext`). Every
 * ffprobe and ffmpeg run on an upload forces one of these with `-f`, so ffmpeg never guesses the
 * format: a text playlist (hls), a concat list, an image sequence or any other demuxer that opens
 * further files by name can never be chosen, whatever the file is called or claims to be.
 * Only containers whose demuxers read nothing but their own bytes are listed; the probe then
 * decides whether the file really holds a video.
 */
export const DEMUXER_BY_SNIFFED_TYPE = {
  // ISO base media: MP4, QuickTime, 3GPP, Flash MP4 (external data references stay off: see inputArgs)
  mp4: 'mov',
  m4v: 'mov',
  mov: 'mov',
  '3gp': 'mov',
  '3g2': 'mov',
  mj2: 'mov',
  f4v: 'mov',
  mkv: 'matroska',
  webm: 'matroska',
  avi: 'avi',
  // MPEG transport stream (also Blu-ray/AVCHD .m2ts) and program stream (.mpg, .vob)
  mts: 'mpegts',
  mpg: 'mpeg',
  flv: 'flv',
  ogv: 'ogg',
  ogm: 'ogg',
  // Windows Media (.wmv, .asf)
  asf: 'asf',
} as const;

export type Demuxer = (typeof DEMUXER_BY_SNIFFED_TYPE)[keyof typeof DEMUXER_BY_SNIFFED_TYPE];

/** The demuxer for a sniffed file type, or null when the type is not an accepted video container. */
export function demuxerForSniffedType(ext: string | undefined): Demuxer | null {
  if (ext === undefined || !Object.hasOwn(DEMUXER_BY_SNIFFED_TYPE, ext)) return null;
  return DEMUXER_BY_SNIFFED_TYPE[ext as keyof typeof DEMUXER_BY_SNIFFED_TYPE];
}

/** What ffprobe said about a source, and the demuxer every later run must force on it. */
export type SourceProbe = MediaProbe & { demuxer: Demuxer };

/**
 * How every ffprobe and ffmpeg run opens an upload: the sniffed demuxer forced, only the `file`
 * protocol (no concat:, subfile:, http… even if a demuxer asked), and for QuickTime/MP4 no
 * external data references (`dref` boxes naming other files; off by default, kept off here).
 */
export function inputArgs(input: string, demuxer: Demuxer): string[] {
  const extra = demuxer === 'mov' ? ['-enable_drefs', '0'] : [];
  return ['-f', demuxer, '-protocol_whitelist', 'file', ...extra, '-i', `file:${input}`];
}

/** ffprobe's stream and format report of a source, as JSON. */
export function buildProbeArgs(input: string, demuxer: Demuxer): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...inputArgs(input, demuxer)];
}

// Overwrite, never read stdin (it is not a terminal), log errors only: they become the failure reason.
export const QUIET = ['-hide_banner', '-nostdin', '-y', '-v', 'error'];

/** Flattens [flag, value] pairs, which keeps long option lists readable. */
export function pairs(list: readonly (readonly [string, string])[]): string[] {
  return list.flat();
}

export type TranscodeArgsOptions = {
  /** Absolute path of the source. */
  input: string;
  probe: SourceProbe;
  /** From buildLadder: largest first; the first rung is written as video.mp4. */
  rungs: readonly Rung[];
  preset?: X264Preset;
  /** Adds `-progress pipe:1` (key=value blocks on stdout). Default true. */
  progress?: boolean;
};

/** Where a rung's playlist and media file are, relative to the output folder: the top rung's at its top. */
export function rungFiles(rung: Pick<Rung, 'name'>, top: boolean): { playlist: string; media: string } {
  if (top) return { playlist: OUTPUT_FILES.topPlaylist, media: OUTPUT_FILES.mp4 };
  return { playlist: `${rung.name}/${OUTPUT_FILES.playlist}`, media: `${rung.name}/${OUTPUT_FILES.rungMedia}` };
}

/** The playlist of `rung` of a ladder (largest first), relative to the output folder and master.m3u8. */
export function rungPlaylistPath(rung: Pick<Rung, 'name'>, ladder: readonly Pick<Rung, 'name'>[]): string {
  return rungFiles(rung, ladder[0]?.name === rung.name).playlist;
}

/**
 * One ffmpeg process that decodes once and writes every rung as HLS: one fragmented MP4 per rung
 * (4 s fragments, byte-range event playlist so it plays while encoding), the top rung's being
 * `video.mp4`. Run it with cwd = the output folder, after creating the lower rungs' folders.
 */
export function buildTranscodeArgs(options: TranscodeArgsOptions): string[] {
  const { input, probe, rungs, preset = DEFAULT_PRESET, progress = true } = options;
  if (rungs.length === 0) throw new Error('buildTranscodeArgs needs at least one rung');
  const args = [...QUIET];
  if (progress) args.push('-progress', 'pipe:1', '-nostats');
  args.push(...inputArgs(input, probe.demuxer));

  const graph = buildFilterGraph(probe, rungs);
  if (graph) args.push('-filter_complex', graph);

  // With a copied rung, encoded rungs put keyframes where the source has them, so every rung
  // is cut at the same instants and players can switch rungs at any segment boundary.
  const alignToSource = rungs.some((rung) => rung.copy);
  rungs.forEach((rung, index) => {
    args.push(...streamArgs(probe, rung, preset, alignToSource));
    args.push(...hlsOutput(rungFiles(rung, index === 0)));
  });
  return args;
}

/**
 * Scales are chained (1080p → 720p → 480p …) rather than all taken from the source: each
 * smaller rung reads a smaller picture, which measured ~40% less filtering time on 1080p input.
 */
export function buildFilterGraph(probe: MediaProbe, rungs: readonly Rung[], maps: StreamMaps = sourceMaps(probe)): string | null {
  const encoded = rungs.filter((rung) => !rung.copy);
  if (encoded.length === 0) return null;
  const fps = encoded[0]!.fps;
  let from = `[${maps.video}]`;
  if (probe.fps !== null && probe.fps > MAX_FPS) from += `fps=${fps},`;
  return encoded
    .map((rung, index) => {
      const scale = `${index === 0 ? from : `[s${encoded[index - 1]!.name}]`}scale=${rung.width}:${rung.height},format=yuv420p,setsar=1`;
      const last = index === encoded.length - 1;
      return last ? `${scale}[v${rung.name}]` : `${scale},split=2[v${rung.name}][s${rung.name}]`;
    })
    .join(';');
}

/** Which input streams a command reads: `0:<index>` for a probed file, `0:v:0` for a live stream. */
export type StreamMaps = { video: string; audio: string | null };

function sourceMaps(probe: MediaProbe): StreamMaps {
  return { video: `0:${probe.videoStreamIndex}`, audio: probe.audioStreamIndex === null ? null : `0:${probe.audioStreamIndex}` };
}

/** One rung's stream options (maps, encoder, keyframes, audio): the same for an upload and a live stream. */
export function streamArgs(
  probe: MediaProbe,
  rung: Rung,
  preset: X264Preset,
  alignToSource: boolean,
  maps: StreamMaps = sourceMaps(probe),
): string[] {
  const hasAudio = maps.audio !== null;
  const audioMap = hasAudio ? ['-map', maps.audio!] : [];
  if (rung.copy) {
    return ['-map', maps.video, ...audioMap, '-c:v', 'copy', ...(hasAudio ? ['-c:a', 'copy'] : [])];
  }
  const gop = Math.max(1, Math.round(rung.fps * GOP_SEC));
  const keyframes = alignToSource
    ? // x264 may add its own only far beyond the source's (≤ 4 s) interval.
      ['-force_key_frames', 'source', '-g', String(gop * 4)]
    : // Time-based forcing keeps 2 s GOPs on variable-frame-rate sources too; -g backs it up.
      ['-force_key_frames', `expr:gte(t,n_forced*${GOP_SEC})`, '-g', String(gop), '-keyint_min', String(gop)];
  const video = [
    ...pairs([
      ['-map', `[v${rung.name}]`],
      ['-c:v', 'libx264'],
      ['-preset', preset],
      ['-profile:v', 'high'],
      ['-level:v', rung.level],
      ['-crf', String(CRF)],
      ['-maxrate', String(rung.maxRate)],
      ['-bufsize', String(rung.bufSize)],
      ['-sc_threshold', '0'],
    ]),
    ...keyframes,
  ];
  if (!hasAudio || rung.audioBitrate === null) return [...video, ...audioMap];
  // Mono stays mono; surround is folded to stereo, which is what the bit rates are sized for.
  const channels = (probe.audioChannels ?? 2) > 2 ? ['-ac', '2'] : [];
  return [...video, ...audioMap, '-c:a', 'aac', '-b:a', String(rung.audioBitrate), ...channels];
}

// Strips tags such as GPS positions from phone videos; a large muxing queue avoids
// "too many packets buffered" while the other outputs' encoders start.
export const COMMON_OUTPUT = ['-map_metadata', '-1', '-map_chapters', '-1', '-max_muxing_queue_size', '4096'];

const HLS_OPTIONS: readonly (readonly [string, string])[] = [
  ['hls_time', String(SEGMENT_SEC)],
  ['hls_segment_type', 'fmp4'],
  // single_file: one file per rung, appended to, each segment a byte range of it. (temp_file would
  // write it as <name>.tmp until the end and name that in the playlist: publishing follows the
  // playlist instead, which names only fragments that are written.)
  ['hls_flags', 'independent_segments+single_file'],
  // event: the playlist only grows (and ffmpeg rewrites it via temp file + rename).
  ['hls_playlist_type', 'event'],
  ['hls_list_size', '0'],
];

function hlsOutput(files: { playlist: string; media: string }): string[] {
  const options = HLS_OPTIONS.map(([key, value]): [string, string] => [`-${key}`, value]);
  return [...COMMON_OUTPUT, ...pairs([['-f', 'hls'], ...options, ['-hls_segment_filename', files.media]]), files.playlist];
}
