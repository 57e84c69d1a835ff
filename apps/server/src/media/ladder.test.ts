import { describe, expect, it } from 'vitest';
import { avc1Codec, buildLadder, canRemux, h264Level, outputFps } from './ladder.ts';
import type { MediaProbe } from './parse-probe.ts';

function probe(overrides: Partial<MediaProbe> = {}): MediaProbe {
  return {
    durationSec: 60,
    width: 1920,
    height: 1080,
    rotation: 0,
    sar: 1,
    videoStreamIndex: 0,
    videoCodec: 'mpeg4',
    videoProfile: null,
    videoLevel: null,
    pixFmt: 'yuv420p',
    fps: 30,
    audioStreamIndex: 1,
    audioCodec: 'aac',
    audioProfile: 'LC',
    audioChannels: 2,
    formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
    bitRate: 8_000_000,
    keyframeIntervalSec: null,
    ...overrides,
  };
}

const remuxable: Partial<MediaProbe> = {
  videoCodec: 'h264',
  videoProfile: 'High',
  videoLevel: 31,
  width: 1280,
  height: 720,
  keyframeIntervalSec: 2,
  bitRate: 3_000_000,
};

const sizes = (p: MediaProbe) => buildLadder(p).map((r) => `${r.name} ${r.width}x${r.height}`);

describe('buildLadder: sizes', () => {
  it('encodes a 1080p source to every rung, largest first', () => {
    expect(sizes(probe())).toEqual(['1080p 1920x1080', '720p 1280x720', '480p 854x480', '360p 640x360', '240p 426x240']);
  });

  it('never upscales', () => {
    expect(sizes(probe({ width: 1280, height: 720 }))).toEqual(['720p 1280x720', '480p 854x480', '360p 640x360', '240p 426x240']);
    expect(sizes(probe({ width: 640, height: 360 }))).toEqual(['360p 640x360', '240p 426x240']);
    // Between two rungs: the top rung is the next one down.
    expect(sizes(probe({ width: 1778, height: 1000 }))[0]).toBe('720p 1280x720');
  });

  it('caps sources above 1080p', () => {
    expect(sizes(probe({ width: 3840, height: 2160 }))[0]).toBe('1080p 1920x1080');
  });

  it('chooses portrait rungs by the shorter side and keeps the shape', () => {
    expect(sizes(probe({ width: 1080, height: 1920 }))).toEqual([
      '1080p 1080x1920',
      '720p 720x1280',
      '480p 480x854',
      '360p 360x640',
      '240p 240x426',
    ]);
    expect(sizes(probe({ width: 360, height: 640 }))).toEqual(['360p 360x640', '240p 240x426']);
  });

  it('keeps other aspect ratios, with even dimensions', () => {
    expect(sizes(probe({ width: 2560, height: 1080 }))).toEqual([
      '1080p 2560x1080',
      '720p 1706x720',
      '480p 1138x480',
      '360p 854x360',
      '240p 568x240',
    ]);
    expect(sizes(probe({ width: 1080, height: 1080 }))[1]).toBe('720p 720x720');
    for (const rung of buildLadder(probe({ width: 1442, height: 1082 }))) {
      expect(rung.width % 2).toBe(0);
      expect(rung.height % 2).toBe(0);
    }
  });

  it('gives a source smaller than 240p one rung at its own (even) size', () => {
    expect(sizes(probe({ width: 320, height: 180 }))).toEqual(['180p 320x180']);
    expect(sizes(probe({ width: 175, height: 99 }))).toEqual(['98p 174x98']);
    expect(sizes(probe({ width: 99, height: 175 }))).toEqual(['98p 98x174']);
  });
});

describe('buildLadder: rates and codecs', () => {
  it('sizes bit rates per rung, with 128k/96k/64k AAC', () => {
    const ladder = buildLadder(probe());
    expect(ladder.map((r) => [r.name, r.maxRate, r.bufSize, r.audioBitrate])).toEqual([
      ['1080p', 6_000_000, 12_000_000, 128_000],
      ['720p', 3_500_000, 7_000_000, 128_000],
      ['480p', 1_750_000, 3_500_000, 96_000],
      ['360p', 1_000_000, 2_000_000, 96_000],
      ['240p', 500_000, 1_000_000, 64_000],
    ]);
    for (const rung of ladder) {
      expect(rung.videoBitrate).toBeLessThan(rung.maxRate);
      expect(rung.bandwidth).toBe(rung.maxRate + rung.audioBitrate!);
      expect(rung.averageBandwidth).toBe(rung.videoBitrate + rung.audioBitrate!);
      expect(rung.copy).toBe(false);
    }
  });

  it('labels each rung with its H.264 High level and AAC-LC', () => {
    expect(buildLadder(probe()).map((r) => r.codecs)).toEqual([
      'avc1.640028,mp4a.40.2',
      'avc1.64001f,mp4a.40.2',
      'avc1.64001f,mp4a.40.2',
      'avc1.64001e,mp4a.40.2',
      'avc1.640015,mp4a.40.2',
    ]);
  });

  it('leaves audio out of a silent source', () => {
    for (const rung of buildLadder(probe({ audioCodec: null, audioStreamIndex: null }))) {
      expect(rung.codecs).not.toContain('mp4a');
      expect(rung.audioBitrate).toBeNull();
      expect(rung.bandwidth).toBe(rung.maxRate);
    }
  });

  it('gives high frame rates more bits and a higher level, capped at 60 fps', () => {
    const [top] = buildLadder(probe({ fps: 60 }));
    expect(top).toMatchObject({ fps: 60, maxRate: 9_000_000, level: '4.2' });
    expect(buildLadder(probe({ fps: 120 }))[0]).toMatchObject({ fps: 60 });
    expect(buildLadder(probe({ fps: null }))[0]).toMatchObject({ fps: 30, level: '4.0' });
  });
});

describe('buildLadder: remux', () => {
  it('copies an H.264/AAC source into the top rung only', () => {
    const ladder = buildLadder(probe(remuxable));
    expect(ladder.map((r) => [r.name, r.copy])).toEqual([
      ['720p', true],
      ['480p', false],
      ['360p', false],
      ['240p', false],
    ]);
    expect(ladder[0]).toMatchObject({ codecs: 'avc1.64001f,mp4a.40.2', averageBandwidth: 3_000_000, audioBitrate: null });
  });

  it('copies a silent H.264 source, and names its profile in CODECS', () => {
    const [top] = buildLadder(
      probe({ ...remuxable, audioCodec: null, audioStreamIndex: null, videoProfile: 'Main', videoLevel: 40 }),
    );
    expect(top).toMatchObject({ copy: true, codecs: 'avc1.4d4028' });
  });

  it.each<[string, Partial<MediaProbe>]>([
    ['the keyframe interval is unknown', { keyframeIntervalSec: null }],
    ['keyframes are too far apart', { keyframeIntervalSec: 4.5 }],
    ['the codec is not H.264', { videoCodec: 'hevc' }],
    ['the picture is 10-bit', { pixFmt: 'yuv420p10le' }],
    ['the profile is exotic', { videoProfile: 'High 4:4:4 Predictive' }],
    ['the audio is not AAC', { audioCodec: 'mp3' }],
    ['the audio is HE-AAC', { audioProfile: 'HE-AAC' }],
    ['the audio is surround', { audioChannels: 6 }],
    ['the video carries a rotation flag', { rotation: 90, width: 720, height: 1280 }],
    ['the pixels are not square', { sar: 4 / 3 }],
    ['the frame rate is above 60', { fps: 120 }],
    ['the size is not a rung size', { width: 1280, height: 718 }],
  ])('re-encodes when %s', (_reason, overrides) => {
    expect(buildLadder(probe({ ...remuxable, ...overrides })).some((r) => r.copy)).toBe(false);
  });

  it('accepts a keyframe interval of exactly 4 s', () => {
    const p = probe({ ...remuxable, keyframeIntervalSec: 4 });
    expect(canRemux(p, 1280, 720)).toBe(true);
  });
});

describe('H.264 helpers', () => {
  it('picks the smallest level that fits size and frame rate', () => {
    expect(h264Level(426, 240, 30)).toBe('2.1');
    expect(h264Level(640, 360, 30)).toBe('3.0');
    expect(h264Level(854, 480, 30)).toBe('3.1');
    expect(h264Level(1280, 720, 30)).toBe('3.1');
    expect(h264Level(1280, 720, 60)).toBe('3.2');
    expect(h264Level(1920, 1080, 30)).toBe('4.0');
    expect(h264Level(1920, 1080, 60)).toBe('4.2');
    expect(h264Level(2560, 1080, 30)).toBe('5.0');
  });

  it('writes RFC 6381 avc1 strings', () => {
    expect(avc1Codec('High', '3.1')).toBe('avc1.64001f');
    expect(avc1Codec('Main', '4.0')).toBe('avc1.4d4028');
    expect(avc1Codec('Constrained Baseline', '3.0')).toBe('avc1.42e01e');
    expect(avc1Codec('Unknown', '2.1')).toBe('avc1.640015');
  });

  it('caps frame rates at 60 by dropping evenly', () => {
    expect(outputFps(null)).toBe(30);
    expect(outputFps(25)).toBe(25);
    expect(outputFps(59.94)).toBe(59.94);
    expect(outputFps(120)).toBe(60);
    expect(outputFps(119.88)).toBe(59.94);
    expect(outputFps(100)).toBe(50);
  });
});
