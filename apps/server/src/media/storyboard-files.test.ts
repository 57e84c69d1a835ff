import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from './binaries.ts';
import { STORYBOARD_VTT } from './storyboard.ts';
import { writeStoryboard } from './storyboard-files.ts';
import { ffprobeJson, makeTempDir } from './test-clips.ts';

const run = promisify(execFile);
const rung = { name: '240p', width: 426, height: 240 };
/** The lowest of two rungs: in its own folder. */
const ladder = [{ name: '480p' }, rung];
let dir: string;

/** A lowest rung as the transcode writes it: 426×240 H.264, 2 s GOP, 4 s fragments of one fMP4 file. */
async function writeRung(outDir: string, { seconds, fps }: { seconds: number; fps: number }) {
  await fs.mkdir(path.join(outDir, '240p'));
  // prettier-ignore
  await run(ffmpegPath(), [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=426x240:rate=${fps}:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-g', String(2 * fps), '-sc_threshold', '0',
    '-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4',
    '-hls_flags', 'single_file', '-hls_segment_filename', '240p/media.mp4', '240p/index.m3u8',
  ], { cwd: outDir });
}

/**
 * CPU seconds this process's finished child processes used while `work` ran (Linux /proc/self/stat:
 * cutime + cstime). Unlike wall time, it does not grow with other load on the machine.
 */
async function childCpuSeconds(work: () => Promise<unknown>): Promise<number> {
  const read = async () => {
    const stat = await fs.readFile('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  };
  const before = await read();
  await work();
  return (await read()) - before;
}

beforeAll(async () => {
  dir = await makeTempDir('streamhub-storyboard-');
  await writeRung(dir, { seconds: 25, fps: 30 });
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('writeStoryboard (real ffmpeg)', () => {
  it('writes tiled sheets of the rung and a track naming them', async () => {
    const result = await writeStoryboard({ outDir: dir, rung, ladder, durationSec: 25 });
    expect(result).toEqual({ frames: 13, sheets: 1 });

    const vtt = await fs.readFile(path.join(dir, STORYBOARD_VTT), 'utf8');
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    expect(vtt).toContain('00:00:00.000 --> 00:00:02.000\nsheet_001.jpg#xywh=0,0,160,90');
    expect(vtt).toContain('00:00:24.000 --> 00:00:25.000\nsheet_001.jpg#xywh=320,90,160,90');
    const sheet = await ffprobeJson(path.join(dir, 'storyboard/sheet_001.jpg'));
    expect(sheet.streams[0]).toMatchObject({ width: 1600, height: 900 });
    expect(await fs.readdir(path.join(dir, 'storyboard'))).toEqual(['sheet_001.jpg', 'storyboard.vtt']);
  });

  it('decodes only the keyframes: well under the CPU of decoding every frame of the rung', async () => {
    // 60 frames a second, a keyframe every 2 s: a full decode reads 120 pictures for each one the
    // storyboard needs (measured: about a quarter of the CPU on a quiet machine, ffmpeg's start-up
    // included; half of it under a loaded CI's noise). A storyboard that decoded every frame would
    // cost at least as much as the full decode, since it also tiles and encodes the sheets.
    const long = await makeTempDir('streamhub-storyboard-cpu-');
    try {
      await writeRung(long, { seconds: 30, fps: 60 });
      const everyFrame = await childCpuSeconds(() =>
        run(ffmpegPath(), ['-v', 'error', '-i', '240p/index.m3u8', '-map', '0:v:0', '-f', 'null', '-'], { cwd: long }),
      );
      const storyboard = await childCpuSeconds(() => writeStoryboard({ outDir: long, rung, ladder, durationSec: 30 }));
      expect(everyFrame).toBeGreaterThan(0.1);
      expect(storyboard).toBeLessThan(everyFrame * 0.8);
    } finally {
      await fs.rm(long, { recursive: true, force: true });
    }
  });

  it('leaves nothing behind when the rung cannot be read', async () => {
    const broken = await makeTempDir('streamhub-storyboard-broken-');
    await fs.mkdir(path.join(broken, '240p'));
    await fs.writeFile(path.join(broken, '240p/index.m3u8'), '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg_00000.m4s\n');
    await fs.writeFile(path.join(broken, '240p/init.mp4'), 'not an mp4');
    await fs.writeFile(path.join(broken, '240p/seg_00000.m4s'), 'nor this');
    await expect(writeStoryboard({ outDir: broken, rung, ladder, durationSec: 4 })).rejects.toThrow();
    expect(await fs.readdir(broken)).toEqual(['240p']);
    await fs.rm(broken, { recursive: true, force: true });
  });
});
