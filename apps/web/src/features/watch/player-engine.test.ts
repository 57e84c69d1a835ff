import { describe, expect, it } from 'vitest';
import {
  chooseEngine,
  currentEngine,
  INITIAL_PLAYER_STATE,
  playerReducer,
  shouldMoveToRung,
  type EngineInput,
  type PlayerState,
} from './player-engine';

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

const chrome = { mse: true, nativeHls: true, chromium: true };
const safari = { mse: true, nativeHls: true, chromium: false };
const rungs = [{ url: '/media/videos/v/360p.mp4' }, { url: '/media/videos/v/720p.mp4' }];
const input = (over: Partial<EngineInput> = {}): EngineInput => ({
  ...both,
  live: false,
  sources: rungs,
  support: chrome,
  upgraded: false,
  ...over,
});
const fail = (
  state: PlayerState,
  engine: Parameters<typeof playerReducer>[1]['engine'],
  action: 'fallback' | 'fail' = 'fallback',
) => playerReducer(state, { type: 'failed', engine, action });

describe('the player engine (progressive → hls.js → MP4)', () => {
  it('starts on the rung files the page named, before the browser is even asked what it plays', () => {
    expect(currentEngine(INITIAL_PLAYER_STATE, input({ support: null }))).toBe('progressive');
  });

  it('shows the poster while the files are asked for, and while the browser is not asked yet', () => {
    expect(currentEngine(INITIAL_PLAYER_STATE, input({ sources: undefined }))).toBeNull();
    expect(currentEngine(INITIAL_PLAYER_STATE, input({ sources: [], support: null }))).toBeNull();
  });

  it('without rung files (a video still processing) or live: what the browser plays best', () => {
    expect(currentEngine(INITIAL_PLAYER_STATE, input({ sources: [] }))).toBe('hls');
    expect(currentEngine(INITIAL_PLAYER_STATE, input({ sources: [], support: safari }))).toBe('native');
    // A live never plays the files, even while they are asked for.
    expect(currentEngine(INITIAL_PLAYER_STATE, input({ live: true, sources: undefined }))).toBe('hls');
  });

  it('moves to hls.js once the hand-over is done', () => {
    expect(currentEngine(INITIAL_PLAYER_STATE, input({ upgraded: true }))).toBe('hls');
  });

  it('a failed progressive file goes on with what the browser would choose, then the MP4 file, then gives up', () => {
    let state = fail(INITIAL_PLAYER_STATE, 'progressive');
    expect(currentEngine(state, input())).toBe('hls');
    expect(currentEngine(state, input({ support: { mse: false, nativeHls: false, chromium: false } }))).toBe('mp4');
    state = fail(state, 'hls');
    expect(currentEngine(state, input())).toBe('mp4');
    expect(state.failed).toBe(false);
    state = fail(state, 'mp4');
    expect(state.failed).toBe(true);
  });

  it('native HLS falls back to the MP4 file too; with no MP4 file there is nothing to play', () => {
    const state = fail(INITIAL_PLAYER_STATE, 'native');
    expect(currentEngine(state, input({ support: safari }))).toBe('mp4');
    expect(currentEngine(state, input({ videoFile: null }))).toBeNull();
  });

  it("a failure that cannot fall back stops on 'cannot be played', whatever the engine", () => {
    expect(fail(INITIAL_PLAYER_STATE, 'hls', 'fail')).toEqual({ ...INITIAL_PLAYER_STATE, failed: true });
    expect(fail(INITIAL_PLAYER_STATE, 'progressive', 'fail').failed).toBe(true);
  });
});

describe('shouldMoveToRung', () => {
  it('moves up for a sharper rung, and down only when the file needs more than the whole connection', () => {
    expect(shouldMoveToRung({ bitrate: 5e6 }, { bitrate: 1e6 }, 10e6)).toBe(true);
    expect(shouldMoveToRung({ bitrate: 1e6 }, { bitrate: 3e6 }, 2e6)).toBe(true);
    // A smaller rung wanted (a smaller player) while the connection carries the file: stay.
    expect(shouldMoveToRung({ bitrate: 1e6 }, { bitrate: 3e6 }, 10e6)).toBe(false);
    expect(shouldMoveToRung({ bitrate: 3e6 }, { bitrate: 3e6 }, 10e6)).toBe(false);
  });
});
