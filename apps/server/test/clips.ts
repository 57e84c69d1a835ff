import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ClipOptions {
  width?: number;
  height?: number;
  seconds?: number;
  audio?: boolean;
  /** 'h264' makes an H.264/AAC MP4 (remuxable); 'mpeg4' forces a re-encode. */
  codec?: 'h264' | 'mpeg4';
  keyframeSeconds?: number;
  /** moov before mdat, so a truncated copy still probes (with the full duration). */
  faststart?: boolean;
}

/** Generates a real test clip with ffmpeg (testsrc2 + sine); media files are never committed. */
export async function makeClip(name: string, o: ClipOptions = {}): Promise<string> {
  const { width = 640, height = 360, seconds = 3, audio = true, codec = 'mpeg4', keyframeSeconds = 2 } = o;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-clip-'));
  const out = path.join(dir, name);
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`);
  if (codec === 'h264') {
    args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', String(25 * keyframeSeconds));
    if (audio) args.push('-c:a', 'aac');
  } else {
    args.push('-c:v', 'mpeg4', '-q:v', '5');
    if (audio) args.push('-c:a', 'aac');
  }
  if (o.faststart) args.push('-movflags', '+faststart');
  args.push('-shortest', out);
  await run('ffmpeg', args);
  return out;
}

export async function ffprobeJson(file: string): Promise<{
  format: { duration?: string; format_name: string };
  streams: { codec_type: string; codec_name: string; profile?: string; width?: number; height?: number }[];
}> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  return JSON.parse(stdout);
}

/** All files below `dir`, relative, sorted; [] when it does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

export async function waitFor<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 60_000, everyMs = 200): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error('waitFor timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Processes of this machine whose working directory is `dir`, or was before it was deleted (ffmpeg runs in its output folder). */
export async function processesIn(dir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cwd = await fs.readlink(`/proc/${entry}/cwd`).catch(() => null);
    if (cwd === dir || cwd === `${dir} (deleted)`) pids.push(Number(entry));
  }
  return pids;
}

/** Alive and not a zombie (an orphan killed in a container may wait for an init that never reaps it). */
export async function isRunning(pid: number): Promise<boolean> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat !== null && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}
