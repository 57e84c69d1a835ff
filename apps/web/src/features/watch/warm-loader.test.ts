import type { XhrLoader } from 'hls.js';
import { describe, expect, it } from 'vitest';
import { withWarmResponses } from './warm-loader';
import type { WarmMedia } from './warm-start';

/** Stands in for hls.js's XhrLoader: records what went to the network. */
class FakeXhrLoader {
  static network: string[] = [];
  context: { url: string; responseType: string; rangeStart?: number; rangeEnd?: number } | null = null;
  callbacks: { onSuccess: (...args: unknown[]) => void; onProgress?: (...args: unknown[]) => void } | null = null;
  stats = { loading: { start: 0, first: 0, end: 0 }, loaded: 0, total: 0, bwEstimate: 0 };
  protected loadInternal(): void {
    FakeXhrLoader.network.push(this.context!.url);
  }
  protected abortInternal(): void {}
  load(context: NonNullable<FakeXhrLoader['context']>, callbacks: NonNullable<FakeXhrLoader['callbacks']>) {
    this.context = context;
    this.callbacks = callbacks;
    this.loadInternal();
  }
}

const bytes = new Uint8Array([1, 2, 3, 4]).buffer;
const warm = new Map<string, Promise<WarmMedia | null>>([
  ['https://x/360p/seg_00001.m4s', Promise.resolve({ data: bytes, start: 10, first: 12, end: 20 })],
  [
    'https://x/360p/index.m3u8',
    Promise.resolve({ data: new TextEncoder().encode('#EXTM3U\n').buffer, start: 1, first: 2, end: 3 }),
  ],
]);
const take = (url: string) => {
  const pending = warm.get(url);
  warm.delete(url);
  return pending;
};
const Loader = withWarmResponses(FakeXhrLoader as unknown as typeof XhrLoader, take) as unknown as typeof FakeXhrLoader;

function load(context: NonNullable<FakeXhrLoader['context']>) {
  return new Promise<{ data: unknown; stats: FakeXhrLoader['stats'] } | 'network'>((resolve) => {
    const loader = new Loader();
    const before = FakeXhrLoader.network.length;
    loader.load(context, {
      onSuccess: (response, stats) => resolve({ data: (response as { data: unknown }).data, stats: stats as never }),
    });
    if (FakeXhrLoader.network.length > before) resolve('network');
  });
}

describe('withWarmResponses', () => {
  it('answers a fragment (hls.js sends rangeStart 0 and rangeEnd 0 for a whole file) from the warm start, once', async () => {
    const fragment = { url: 'https://x/360p/seg_00001.m4s', responseType: 'arraybuffer', rangeStart: 0, rangeEnd: 0 };
    const first = await load(fragment);
    expect(first).not.toBe('network');
    expect(first).toMatchObject({ data: bytes, stats: { loaded: 4, total: 4, loading: { start: 10, first: 12, end: 20 } } });
    // Used once: the next ask goes to the network.
    expect(await load(fragment)).toBe('network');
  });

  it('answers a playlist as text, and sends byte ranges and unknown files to the network', async () => {
    expect(await load({ url: 'https://x/360p/index.m3u8', responseType: 'text' })).toMatchObject({ data: '#EXTM3U\n' });
    expect(await load({ url: 'https://x/720p/seg_00001.m4s', responseType: 'arraybuffer', rangeStart: 0, rangeEnd: 0 })).toBe(
      'network',
    );
    warm.set('https://x/360p/seg_00002.m4s', Promise.resolve({ data: bytes, start: 0, first: 0, end: 1 }));
    expect(await load({ url: 'https://x/360p/seg_00002.m4s', responseType: 'arraybuffer', rangeStart: 100, rangeEnd: 200 })).toBe(
      'network',
    );
  });
});
