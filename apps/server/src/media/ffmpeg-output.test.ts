import { describe, expect, it } from 'vitest';
import { ffmpegErrorReason, ffmpegFailure, parseProgress } from './ffmpeg-output.ts';

const block = (outTimeUs: string, progress = 'continue') =>
  [
    'frame=120',
    'fps=59.87',
    'stream_0_0_q=28.0',
    'bitrate= 921.4kbits/s',
    'total_size=262192',
    `out_time_us=${outTimeUs}`,
    `out_time_ms=${outTimeUs}`,
    'out_time=00:00:02.276417',
    'dup_frames=0',
    'drop_frames=0',
    'speed=1.13x',
    `progress=${progress}`,
    '',
  ].join('\n');

describe('parseProgress', () => {
  it('reads a progress block', () => {
    expect(parseProgress(block('2276417'))).toEqual({ outTimeSec: 2.276417, frame: 120, fps: 59.87, speed: 1.13, done: false });
  });

  it('keeps the latest values when given several blocks', () => {
    expect(parseProgress(block('1000000') + block('3500000', 'end'))).toMatchObject({ outTimeSec: 3.5, done: true });
  });

  it('falls back to out_time when the microsecond fields are missing or N/A', () => {
    expect(parseProgress('out_time_us=N/A\nout_time=01:02:03.500000\nprogress=continue\n')?.outTimeSec).toBe(3723.5);
    expect(parseProgress('out_time=-577014:32:22.775808\nspeed=N/A\nprogress=continue\n')).toMatchObject({
      outTimeSec: 0,
      speed: null,
    });
    expect(parseProgress('out_time_us=N/A\nout_time=N/A\nprogress=continue\n')?.outTimeSec).toBeNull();
  });

  it('ignores text that is not progress', () => {
    expect(parseProgress('')).toBeNull();
    expect(parseProgress('hello world\n')).toBeNull();
  });
});

describe('ffmpegErrorReason', () => {
  it('gives the last meaningful line without prefixes or paths', () => {
    const stderr = [
      '[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55f0c1d2a1c0] moov atom not found',
      '/data/media/tmp/0190f0e2-upload.mp4: Invalid data found when processing input',
    ];
    expect(ffmpegErrorReason(stderr)).toBe('Invalid data found when processing input');
  });

  it('skips lines that only say it failed', () => {
    expect(ffmpegErrorReason(['[aac @ 0x1] Too many bits per frame requested', 'Conversion failed!'])).toBe(
      'Too many bits per frame requested',
    );
  });

  it('removes file: URLs and paths in the middle of a line', () => {
    expect(ffmpegErrorReason(['Error opening output file:/srv/data/x/video.mp4.part: No space left on device'])).toBe(
      'Error opening output No space left on device',
    );
  });

  it('says in plain words what a filter graph complaint means', () => {
    const line = "Stream specifier ':0' in filtergraph description [0:0]scale=640:360,format=yuv420p[v] matches no streams.";
    expect(ffmpegErrorReason([line])).toBe('the file has no readable video stream');
  });

  it('falls back when stderr says nothing', () => {
    expect(ffmpegErrorReason([])).toBe('the video could not be processed');
    expect(ffmpegErrorReason(['', 'Conversion failed!'], 'custom')).toBe('custom');
  });
});

describe('ffmpegFailure', () => {
  it('keeps ENOSPC as the code when ffmpeg ran out of space anywhere in its output', () => {
    const lines = [
      '[hls @ 0x55d0c8a1b2c0] Failed to write segment: No space left on device',
      'Error closing file /data/work/x/360p/seg_00003.m4s: Input/output error',
    ];
    const error = ffmpegFailure(lines);
    expect(error).toMatchObject({ code: 'ENOSPC' });
    expect(error.message).toMatch(/^No space left on device/);
    expect(error.message).not.toMatch(/\//);
  });

  it('is a plain error with the reason otherwise', () => {
    const error = ffmpegFailure(['Invalid data found when processing input']);
    expect(error).not.toHaveProperty('code');
    expect(error.message).toBe('Invalid data found when processing input');
  });
});
