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
let dir: string;

beforeAll(async () => {
  dir = await makeTempDir('streamhub-storyboard-');
  // A lowest rung as the transcode writes it: 426×240 H.264, 2 s GOP, 4 s fMP4 segments.
  await fs.mkdir(path.join(dir, '240p'));
  // prettier-ignore
  await run(ffmpegPath(), [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=426x240:rate=30:duration=25',
    '-c:v', 'libx264', '-preset', 'veryfast', '-g', '60', '-sc_threshold', '0',
    '-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4',
    '-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', '240p/seg_%05d.m4s', '240p/index.m3u8',
  ], { cwd: dir });
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('writeStoryboard (real ffmpeg)', () => {
  it('writes tiled sheets of the rung and a track naming them', async () => {
    const before = process.cpuUsage();
    const started = performance.now();
    const result = await writeStoryboard({ outDir: dir, rung: { name: '240p', width: 426, height: 240 }, durationSec: 25 });
    const elapsed = performance.now() - started;
    expect(result).toEqual({ frames: 13, sheets: 1 });
    expect(elapsed).toBeLessThan(10_000);
    expect(process.cpuUsage(before)).toBeDefined();

    const vtt = await fs.readFile(path.join(dir, STORYBOARD_VTT), 'utf8');
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    expect(vtt).toContain('00:00:00.000 --> 00:00:02.000\nsheet_001.jpg#xywh=0,0,160,90');
    expect(vtt).toContain('00:00:24.000 --> 00:00:25.000\nsheet_001.jpg#xywh=320,90,160,90');
    const sheet = await ffprobeJson(path.join(dir, 'storyboard/sheet_001.jpg'));
    expect(sheet.streams[0]).toMatchObject({ width: 1600, height: 900 });
    expect(await fs.readdir(path.join(dir, 'storyboard'))).toEqual(['sheet_001.jpg', 'storyboard.vtt']);
  });

  it('leaves nothing behind when the rung cannot be read', async () => {
    const broken = await makeTempDir('streamhub-storyboard-broken-');
    await fs.mkdir(path.join(broken, '240p'));
    await fs.writeFile(path.join(broken, '240p/index.m3u8'), '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg_00000.m4s\n');
    await fs.writeFile(path.join(broken, '240p/init.mp4'), 'not an mp4');
    await fs.writeFile(path.join(broken, '240p/seg_00000.m4s'), 'nor this');
    await expect(
      writeStoryboard({ outDir: broken, rung: { name: '240p', width: 426, height: 240 }, durationSec: 4 }),
    ).rejects.toThrow();
    expect(await fs.readdir(broken)).toEqual(['240p']);
    await fs.rm(broken, { recursive: true, force: true });
  });
});
