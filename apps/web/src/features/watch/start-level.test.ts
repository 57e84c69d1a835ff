import { describe, expect, it } from 'vitest';
import {
  chooseStartLevel,
  DEFAULT_BANDWIDTH_BPS,
  estimateBandwidth,
  hlsLevelIndex,
  predictPlayerSize,
  SAVED_ESTIMATE_MAX_AGE_MS,
} from './start-level';

// Our ladder as the master playlist lists it: smallest first, BANDWIDTH = measured peak incl. audio.
const ladder = [
  { width: 426, height: 240, bitrate: 564_000 },
  { width: 640, height: 360, bitrate: 1_096_000 },
  { width: 854, height: 480, bitrate: 1_846_000 },
  { width: 1280, height: 720, bitrate: 3_628_000 },
  { width: 1920, height: 1080, bitrate: 6_128_000 },
];
const fast = 50_000_000;

describe('chooseStartLevel', () => {
  it('starts on the smallest rung that fills the player when the connection carries it', () => {
    expect(chooseStartLevel(ladder, { playerWidth: 850, playerHeight: 478, pixelRatio: 1, bandwidthBps: fast })).toBe(2);
    expect(chooseStartLevel(ladder, { playerWidth: 1200, playerHeight: 675, pixelRatio: 1, bandwidthBps: fast })).toBe(3);
    expect(chooseStartLevel(ladder, { playerWidth: 380, playerHeight: 214, pixelRatio: 1, bandwidthBps: fast })).toBe(0);
  });

  it('counts device pixels, up to 2×', () => {
    expect(chooseStartLevel(ladder, { playerWidth: 380, playerHeight: 214, pixelRatio: 2, bandwidthBps: fast })).toBe(2);
    expect(chooseStartLevel(ladder, { playerWidth: 380, playerHeight: 214, pixelRatio: 3, bandwidthBps: fast })).toBe(2);
  });

  it('takes the largest rung for a player bigger than all of them', () => {
    expect(chooseStartLevel(ladder, { playerWidth: 2400, playerHeight: 1350, pixelRatio: 1, bandwidthBps: fast })).toBe(4);
  });

  it('stays within 70 % of the bandwidth estimate, and never below the lowest rung', () => {
    const big = { playerWidth: 1600, playerHeight: 900, pixelRatio: 1 };
    expect(chooseStartLevel(ladder, { ...big, bandwidthBps: 3_000_000 })).toBe(2);
    expect(chooseStartLevel(ladder, { ...big, bandwidthBps: 1_000_000 })).toBe(0);
    expect(chooseStartLevel(ladder, { ...big, bandwidthBps: 100_000 })).toBe(0);
  });

  it('keeps the index of the given order and skips audio-only entries', () => {
    const shuffled = [ladder[3]!, { width: 0, height: 0, bitrate: 128_000 }, ladder[0]!, ladder[2]!];
    expect(chooseStartLevel(shuffled, { playerWidth: 850, playerHeight: 478, pixelRatio: 1, bandwidthBps: fast })).toBe(3);
    expect(
      chooseStartLevel([{ width: 0, height: 0, bitrate: 1 }], {
        playerWidth: 1,
        playerHeight: 1,
        pixelRatio: 1,
        bandwidthBps: 1,
      }),
    ).toBe(-1);
  });
});

describe('estimateBandwidth', () => {
  const now = 1_000_000_000;
  it('prefers a recent measurement of our own', () => {
    expect(estimateBandwidth({ bps: 8_000_000, at: now - 1000 }, now, 1.5)).toBe(8_000_000);
  });
  it('falls back to the browser estimate, then to a default', () => {
    expect(estimateBandwidth({ bps: 8_000_000, at: now - SAVED_ESTIMATE_MAX_AGE_MS }, now, 1.5)).toBe(1_500_000);
    expect(estimateBandwidth(null, now, undefined)).toBe(DEFAULT_BANDWIDTH_BPS);
    expect(estimateBandwidth({ bps: 0, at: now }, now, 0)).toBe(DEFAULT_BANDWIDTH_BPS);
  });
});

describe('predictPlayerSize', () => {
  it('follows the watch page layout at phone, tablet, laptop and desktop widths', () => {
    expect(predictPlayerSize(412)).toEqual({ playerWidth: 380, playerHeight: 214 });
    expect(predictPlayerSize(768)).toEqual({ playerWidth: 720, playerHeight: 405 });
    expect(predictPlayerSize(1024).playerWidth).toBe(703);
    expect(predictPlayerSize(1280).playerWidth).toBe(615);
    expect(predictPlayerSize(1920).playerWidth).toBe(1191);
  });
});

describe('hlsLevelIndex', () => {
  it("maps a playlist index to hls.js's order (height, then bit rate)", () => {
    const listed = [ladder[2]!, ladder[0]!, ladder[4]!];
    expect(hlsLevelIndex(listed, 0)).toBe(1);
    expect(hlsLevelIndex(listed, 2)).toBe(2);
    expect(hlsLevelIndex(listed, 5)).toBe(-1);
  });
});
