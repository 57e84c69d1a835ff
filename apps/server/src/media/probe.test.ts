import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath, ffprobePath } from './binaries.ts';
import { probeMedia } from './probe.ts';
import { makeClip, makeTempDir } from './test-clips.ts';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await makeTempDir();
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('probeMedia (real ffprobe)', () => {
  it('reads an H.264/AAC clip, including its keyframe interval', async () => {
    const clip = await makeClip(path.join(dir, 'h264.mp4'), { codec: 'h264', keyframeSec: 2, seconds: 5 });
    const probe = await probeMedia(clip);
    expect(probe).toMatchObject({
      width: 640,
      height: 360,
      videoCodec: 'h264',
      videoProfile: 'High',
      pixFmt: 'yuv420p',
      fps: 30,
      audioCodec: 'aac',
      audioProfile: 'LC',
      keyframeIntervalSec: 2,
    });
    expect(probe!.durationSec).toBeCloseTo(5, 1);
  });

  it('reports a rotated phone video by its displayed size', async () => {
    const clip = await makeClip(path.join(dir, 'rotated.mp4'), { seconds: 1, rotate: 90 });
    expect(await probeMedia(clip)).toMatchObject({ width: 360, height: 640 });
  });

  it('leaves the keyframe interval unmeasured for codecs that are never copied', async () => {
    const clip = await makeClip(path.join(dir, 'mpeg4.mp4'), { seconds: 1, audio: false });
    expect(await probeMedia(clip)).toMatchObject({ videoCodec: 'mpeg4', audioCodec: null });
    expect((await probeMedia(clip))?.keyframeIntervalSec).toBeUndefined();
  });

  it('measures a WebM written without a duration (as browsers record them)', async () => {
    const webm = path.join(dir, 'recorded.webm');
    const source = ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30:duration=3'];
    const vp8 = ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-f', 'webm'];
    // Written to a pipe, the muxer cannot go back to fill in the duration.
    const { stdout } = await run(ffmpegPath(), ['-v', 'error', ...source, ...vp8, 'pipe:1'], {
      encoding: 'buffer',
      maxBuffer: 64 << 20,
    });
    await fs.writeFile(webm, stdout);
    const probe = await probeMedia(webm);
    expect(probe).toMatchObject({ videoCodec: 'vp8', width: 320, height: 240 });
    expect(probe!.durationSec).toBeCloseTo(3, 1);
  });

  it('returns null for a text file named .mp4', async () => {
    const file = path.join(dir, 'notes.mp4');
    await fs.writeFile(file, 'this is not a video\n'.repeat(100));
    expect(await probeMedia(file)).toBeNull();
  });

  it('returns null for a missing file', async () => {
    expect(await probeMedia(path.join(dir, 'missing.mp4'))).toBeNull();
  });

  it('returns null for pictures, even renamed .mp4', async () => {
    const ffmpeg = ffmpegPath();
    const png = path.join(dir, 'picture.png');
    const jpeg = path.join(dir, 'picture.jpg');
    const gif = path.join(dir, 'anim.gif');
    const oneFrame = path.join(dir, 'one-frame.mp4');
    const lavfi = ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=64x48:rate=10'];
    await run(ffmpeg, [...lavfi, '-frames:v', '1', png]);
    await run(ffmpeg, [...lavfi, '-frames:v', '1', jpeg]);
    await run(ffmpeg, [...lavfi, '-t', '1', gif]);
    await run(ffmpeg, [...lavfi, '-frames:v', '1', '-c:v', 'libx264', oneFrame]);
    const renamed = path.join(dir, 'picture-renamed.mp4');
    await fs.copyFile(png, renamed);
    for (const file of [png, jpeg, gif, oneFrame, renamed]) {
      expect(await probeMedia(file), path.basename(file)).toBeNull();
    }
  });

  it('returns null for audio with cover art', async () => {
    const cover = path.join(dir, 'cover.png');
    const song = path.join(dir, 'song.m4a');
    await run(ffmpegPath(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=64x64', '-frames:v', '1', cover]);
    const inputs = ['-f', 'lavfi', '-i', 'sine=duration=2', '-i', cover, '-map', '0', '-map', '1'];
    const codecs = ['-c:a', 'aac', '-c:v', 'png', '-disposition:v', 'attached_pic'];
    await run(ffmpegPath(), ['-v', 'error', '-y', ...inputs, ...codecs, song]);
    expect(await probeMedia(song)).toBeNull();
  });

  it.each([
    ['MP4', 'clip.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'], 'mov'],
    ['QuickTime', 'clip.mov', ['-c:v', 'mpeg4', '-c:a', 'aac'], 'mov'],
    ['WebM', 'clip.webm', ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus'], 'matroska'],
    ['Matroska', 'clip.mkv', ['-c:v', 'mpeg4', '-c:a', 'aac'], 'matroska'],
    ['AVI', 'clip.avi', ['-c:v', 'mpeg4', '-c:a', 'mp3'], 'avi'],
    ['MPEG-TS', 'clip.ts', ['-c:v', 'mpeg2video', '-c:a', 'mp2'], 'mpegts'],
    ['MPEG-PS', 'clip.mpg', ['-c:v', 'mpeg2video', '-c:a', 'mp2'], 'mpeg'],
    ['FLV', 'clip.flv', ['-c:v', 'flv', '-c:a', 'mp3', '-ar', '44100'], 'flv'],
    ['Ogg', 'clip.ogv', ['-c:v', 'libtheora', '-c:a', 'libvorbis'], 'ogg'],
    ['ASF/WMV', 'clip.wmv', ['-c:v', 'wmv2', '-c:a', 'wmav2'], 'asf'],
  ])('reads %s with its own demuxer, whatever the file is called', async (_name, file, codecs, demuxer) => {
    const clip = path.join(dir, file);
    const lavfi = ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=1', '-f', 'lavfi', '-i', 'sine=duration=1'];
    await run(ffmpegPath(), ['-v', 'error', '-y', ...lavfi, ...codecs, '-shortest', clip]);
    const renamed = path.join(dir, `renamed-${file}.mp4`);
    await fs.copyFile(clip, renamed);
    for (const f of [clip, renamed]) {
      const probe = await probeMedia(f);
      expect(probe, f).toMatchObject({ demuxer, width: 320, height: 240 });
      expect(probe!.durationSec).toBeCloseTo(1, 0);
    }
  });

  it('returns null for playlists and concat lists that point at a real video', async () => {
    const real = await makeClip(path.join(dir, 'target.mp4'), { seconds: 1 });
    const lists = {
      'playlist.mp4': `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:1,\n${real}\n#EXTINF:1,\ntarget.mp4\n#EXT-X-ENDLIST\n`,
      'concat.mp4': 'ffconcat version 1.0\nfile target.mp4\nfile target.mp4\n',
    };
    for (const [name, text] of Object.entries(lists)) {
      const file = path.join(dir, name);
      await fs.writeFile(file, text);
      // Unguarded, ffprobe follows each of them to the real video.
      const unguarded = ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', file];
      const { stdout } = await run(ffprobePath(), unguarded).catch(() => ({ stdout: '' }));
      expect(stdout, name).toMatch(/video/);
      expect(await probeMedia(file), name).toBeNull();
    }
  });
});
