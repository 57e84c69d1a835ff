// Test support for the media tests: real clips generated with ffmpeg at test time (media
// files are never committed). Not imported by application code.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath, ffprobePath } from './binaries.ts';

const run = promisify(execFile);

export type ClipOptions = {
  width?: number;
  height?: number;
  seconds?: number;
  fps?: number;
  audio?: boolean;
  /** 'h264' = H.264 High + AAC-LC, remuxable when keyframes are ≤ 4 s apart; 'mpeg4' = must be re-encoded. */
  codec?: 'h264' | 'mpeg4';
  keyframeSec?: number;
  /** A phone-style rotation flag (clockwise degrees) on the stored, unrotated picture. */
  rotate?: number;
  extra?: string[];
};

export async function makeTempDir(prefix = 'streamhub-media-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

/** testsrc2 + a 440 Hz sine, as an MP4 with faststart (so a truncated copy still probes). */
export async function makeClip(file: string, options: ClipOptions = {}): Promise<string> {
  const { width = 640, height = 360, seconds = 4, fps = 30, audio = true, codec = 'mpeg4', keyframeSec = 2 } = options;
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`);
  if (codec === 'h264') {
    args.push('-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p');
    args.push('-g', String(Math.round(fps * keyframeSec)), '-sc_threshold', '0');
  } else {
    args.push('-c:v', 'mpeg4', '-q:v', '5', '-g', String(Math.round(fps * keyframeSec)));
  }
  if (audio) args.push('-c:a', 'aac', '-b:a', '96k');
  args.push(...(options.extra ?? []), '-movflags', '+faststart', file);
  await run(ffmpegPath(), args);
  if (options.rotate) {
    // ffmpeg 5 honours the rotate tag only when copying streams.
    const flagged = `${file}.rotated.mp4`;
    const copy = ['-c', 'copy', '-metadata:s:v', `rotate=${options.rotate}`, '-movflags', '+faststart'];
    await run(ffmpegPath(), ['-v', 'error', '-y', '-i', file, ...copy, flagged]);
    await fs.rename(flagged, file);
  }
  return file;
}

export async function ffprobeJson(file: string, extra: string[] = []): Promise<any> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...extra, file];
  const { stdout } = await run(ffprobePath(), args);
  return JSON.parse(stdout);
}

/** Top-level MP4 box types in file order (ftyp, moov, mdat…). */
export async function topLevelBoxes(file: string): Promise<string[]> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const boxes: string[] = [];
    const header = Buffer.alloc(16);
    for (let offset = 0; offset < size;) {
      await handle.read(header, 0, 16, offset);
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      if (boxSize === 0) boxSize = size - offset;
      if (boxSize < 8) break;
      boxes.push(header.toString('latin1', 4, 8));
      offset += boxSize;
    }
    return boxes;
  } finally {
    await handle.close();
  }
}
