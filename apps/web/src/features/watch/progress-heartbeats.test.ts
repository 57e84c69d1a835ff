import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProgressBody } from '@streamhub/contract';
import { startHeartbeats } from './progress-heartbeats';

/** A player as the heartbeats see it: a position, paused or not, and its events. */
class FakeMedia extends EventTarget {
  currentTime = 0;
  paused = true;
  play(at: number) {
    this.currentTime = at;
    this.paused = false;
    this.dispatchEvent(new Event('playing'));
  }
  pause(at: number) {
    this.currentTime = at;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
}

describe('the player’s progress heartbeats', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('one on play, every 15 s while playing, one on pause, one on pagehide; none after stopping', () => {
    const media = new FakeMedia();
    const page = new EventTarget();
    const sent: ProgressBody[] = [];
    const stop = startHeartbeats(media, (b) => sent.push(b), page);

    media.play(0);
    expect(sent).toEqual([{ position: 0, playing: true }]);
    media.currentTime = 15;
    vi.advanceTimersByTime(15_000);
    media.currentTime = 30;
    vi.advanceTimersByTime(15_000);
    expect(sent.slice(1)).toEqual([
      { position: 15, playing: true },
      { position: 30, playing: true },
    ]);
    media.pause(37);
    vi.advanceTimersByTime(60_000); // paused: nothing more
    expect(sent.at(-1)).toEqual({ position: 37, playing: false });
    expect(sent).toHaveLength(4);

    media.play(37);
    page.dispatchEvent(new Event('pagehide'));
    expect(sent.slice(4)).toEqual([
      { position: 37, playing: true },
      { position: 37, playing: false },
    ]);

    stop();
    vi.advanceTimersByTime(60_000);
    media.pause(40);
    expect(sent).toHaveLength(6);
  });

  it('a position that is not a number yet sends nothing', () => {
    const media = new FakeMedia();
    const sent: ProgressBody[] = [];
    startHeartbeats(media, (b) => sent.push(b), new EventTarget());
    media.play(Number.NaN);
    expect(sent).toEqual([]);
  });

  it('a video already playing when they start (the server page started it) counts as started then', () => {
    const media = new FakeMedia();
    media.currentTime = 1.2;
    media.paused = false;
    const sent: ProgressBody[] = [];
    startHeartbeats(media, (b) => sent.push(b), new EventTarget());
    expect(sent).toEqual([{ position: 1.2, playing: true }]);
    media.currentTime = 16.2;
    vi.advanceTimersByTime(15_000);
    expect(sent.at(-1)).toEqual({ position: 16.2, playing: true });
  });
});
