import { describe, expect, it } from 'vitest';
import { chooseEngine } from './player-engine';

const both = { hlsUrl: '/media/videos/v/master.m3u8', videoFile: '/media/videos/v/video.mp4' };

describe('chooseEngine', () => {
  it('uses hls.js where MSE works: Chrome (even with its own HLS), Firefox, Edge', () => {
    expect(chooseEngine(both, { mse: true, nativeHls: true, chromium: true })).toBe('hls');
    expect(chooseEngine(both, { mse: true, nativeHls: false, chromium: false })).toBe('hls');
  });
  it("leaves HLS to Safari's own player, and to any browser without MSE", () => {
    expect(chooseEngine(both, { mse: true, nativeHls: true, chromium: false })).toBe('native');
    expect(chooseEngine(both, { mse: false, nativeHls: true, chromium: false })).toBe('native');
    expect(chooseEngine(both, { mse: false, nativeHls: true, chromium: true })).toBe('native');
  });
  it('plays the MP4 file when there is no stream or no way to play it', () => {
    expect(chooseEngine({ hlsUrl: null, videoFile: both.videoFile }, { mse: true, nativeHls: false, chromium: true })).toBe(
      'mp4',
    );
    expect(chooseEngine(both, { mse: false, nativeHls: false, chromium: false })).toBe('mp4');
    expect(chooseEngine({ hlsUrl: null, videoFile: null }, { mse: true, nativeHls: true, chromium: true })).toBeNull();
  });
});
