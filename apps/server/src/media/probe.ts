import { ffprobePath } from './binaries.ts';
import { needsDurationScan, parseKeyframeInterval, parseLastPacketEnd, parseProbe, type MediaProbe } from './parse-probe.ts';
import { runProcess } from './run-process.ts';

// Keyframes are read from the start of the file only: enough to decide whether an H.264
// source's GOPs are short enough to be cut into 4 s HLS segments, without reading a 2 GB upload.
const KEYFRAME_WINDOW_SEC = 60;

/** Reads an uploaded file; null when it is not a video (unreadable, image, audio only, text…). */
export async function probeMedia(path: string, options: { signal?: AbortSignal } = {}): Promise<MediaProbe | null> {
  const result = await runProcess(
    ffprobePath(),
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', `file:${path}`],
    { signal: options.signal },
  );
  if (result.exitCode !== 0) return null;

  let json: unknown;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    return null;
  }
  const probe = needsDurationScan(json) ? parseProbe(json, await scanDurationSec(path, options.signal)) : parseProbe(json);
  // Only an H.264 source can be remuxed, so only then is the GOP length worth a second read.
  if (probe?.videoCodec === 'h264') {
    probe.keyframeIntervalSec = await probeKeyframeInterval(path, probe.videoStreamIndex, options.signal);
  }
  return probe;
}

async function probeKeyframeInterval(path: string, streamIndex: number, signal: AbortSignal | undefined): Promise<number | null> {
  const args = [
    ...['-v', 'error', '-select_streams', String(streamIndex)],
    ...['-read_intervals', `%+${KEYFRAME_WINDOW_SEC}`],
    ...['-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0'],
    `file:${path}`,
  ];
  const result = await runProcess(ffprobePath(), args, { signal });
  return result.exitCode === 0 ? parseKeyframeInterval(result.stdout) : null;
}

/** Length of a file whose container does not state it: reads every video packet's timestamp. */
async function scanDurationSec(path: string, signal: AbortSignal | undefined): Promise<number | null> {
  const args = ['-v', 'error', '-select_streams', 'V:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0'];
  const result = await runProcess(ffprobePath(), [...args, `file:${path}`], { signal });
  return result.exitCode === 0 ? parseLastPacketEnd(result.stdout) : null;
}
