import { describe, expect, it } from 'vitest';
import {
  buildCandidateFrameArgs,
  candidateFile,
  chooseCandidates,
  showsSomething,
  type FrameStats,
} from './thumbnail-candidates.ts';

const frame = (n: number, mean: number, stdev: number, sharpness: number): FrameStats => ({ frame: n, mean, stdev, sharpness });

describe('thumbnail candidates (pure)', () => {
  it('a black, white or flat frame shows nothing', () => {
    expect(showsSomething(frame(1, 5, 30, 9))).toBe(false);
    expect(showsSomething(frame(1, 250, 30, 9))).toBe(false);
    expect(showsSomething(frame(1, 120, 3, 9))).toBe(false);
    expect(showsSomething(frame(1, 120, 40, 0.5))).toBe(true);
  });

  it('keeps the three sharpest frames that show something, in the order of the video', () => {
    const stats = [
      frame(1, 4, 2, 50), // black (a fade in), however "sharp"
      frame(2, 120, 40, 3), // blurred
      frame(3, 110, 45, 9),
      frame(4, 130, 5, 20), // flat card
      frame(5, 100, 50, 7),
      frame(6, 90, 35, 8),
    ];
    expect(chooseCandidates(stats)).toEqual([3, 5, 6]);
  });

  it('fills in with the rest when fewer show something, and copes with fewer frames than three', () => {
    expect(chooseCandidates([frame(1, 4, 2, 1), frame(2, 120, 40, 3), frame(3, 5, 1, 2)])).toEqual([1, 2, 3]);
    expect(chooseCandidates([frame(7, 120, 40, 3)])).toEqual([7]);
    expect(chooseCandidates([])).toEqual([]);
  });

  it('offers the same picture once', () => {
    expect(chooseCandidates([frame(1, 120, 40, 3), frame(2, 120, 40, 3), frame(3, 100, 30, 2)])).toEqual([1, 3]);
  });

  it('samples the MP4 through the file protocol (keyframes only when long), and refuses any other input name', () => {
    expect(buildCandidateFrameArgs({ file: 'video.mp4', durationSec: 20 })).not.toContain('-skip_frame');
    const args = buildCandidateFrameArgs({ file: 'video.mp4', durationSec: 100 });
    expect(args).toEqual(expect.arrayContaining(['-skip_frame', 'nokey', '-protocol_whitelist', 'file', 'file:video.mp4']));
    expect(args[args.indexOf('-ss') + 1]).toBe('5.000');
    expect(args[args.indexOf('-vf') + 1]).toBe('fps=12/90.000,scale=640:-2');
    expect(() => buildCandidateFrameArgs({ file: '../x.mp4', durationSec: 1 })).toThrow();
    expect(() => buildCandidateFrameArgs({ file: 'concat:a|b', durationSec: 1 })).toThrow();
    expect(candidateFile(0)).toBe('candidates/candidate_1.webp');
  });
});
