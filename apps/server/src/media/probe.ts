import { ffprobePath } from './binaries.ts';
import { buildProbeArgs, inputArgs, type Demuxer, type SourceProbe } from './ffmpeg-args.ts';
import { needsDurationScan, parseKeyframeInterval, parseLastPacketEnd, parseProbe } from './parse-probe.ts';
import { runProcess } from './run-process.ts';
import { sniffDemuxer } from './sniff.ts';

// Keyframes are read from the start of the file only: enough to decide whether an H.264
// source's GOPs are short enough to be cut into 4 s HLS segments, without reading a 2 GB upload.
const KEYFRAME_WINDOW_SEC = 60;

/**
 * Reads an uploaded file; null when it is not a video (unreadable, image, audio only, text…).
 * The bytes are sniffed first and every ffprobe run forces the demuxer they name, so only the
 * accepted containers are ever parsed (see DEMUXER_BY_SNIFFED_TYPE); the result carries that
 * demuxer for the ffmpeg runs that follow.
 */
export async function probeMedia(path: string, options: { signal?: AbortSignal } = {}): Promise<SourceProbe | null> {
  const demuxer = await sniffDemuxer(path);
  if (!demuxer) return null;
  const result = await runProcess(ffprobePath(), buildProbeArgs(path, demuxer), { signal: options.signal });
  if (result.exitCode !== 0) return null;

  let json: unknown;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    return null;
  }
  const parsed = needsDurationScan(json)
    ? parseProbe(json, await scanDurationSec(path, demuxer, options.signal))
    : parseProbe(json);
  if (!parsed) return null;
  const probe: SourceProbe = { ...parsed, demuxer };
  // Only an H.264 source can be remuxed, so only then is the GOP length worth a second read.
  if (probe.videoCodec === 'h264') {
    probe.keyframeIntervalSec = await probeKeyframeInterval(path, demuxer, probe.videoStreamIndex, options.signal);
  }
  return probe;
}

async function probeKeyframeInterval(
  path: string,
  demuxer: Demuxer,
  streamIndex: number,
  signal: AbortSignal | undefined,
): Promise<number | null> {
  const args = [
    ...['-v', 'error', '-select_streams', String(streamIndex)],
    ...['-read_intervals', `%+${KEYFRAME_WINDOW_SEC}`],
    ...['-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0'],
    ...inputArgs(path, demuxer),
  ];
  const result = await runProcess(ffprobePath(), args, { signal });
  return result.exitCode === 0 ? parseKeyframeInterval(result.stdout) : null;
}

/** Length of a file whose container does not state it: reads every video packet's timestamp. */
async function scanDurationSec(path: string, demuxer: Demuxer, signal: AbortSignal | undefined): Promise<number | null> {
  const args = ['-v', 'error', '-select_streams', 'V:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0'];
  const result = await runProcess(ffprobePath(), [...args, ...inputArgs(path, demuxer)], { signal });
  return result.exitCode === 0 ? parseLastPacketEnd(result.stdout) : null;
}
