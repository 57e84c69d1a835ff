import { afterEach, describe, expect, it, vi } from 'vitest';
import { buyPlaylist } from './api/buy-playlist';
import { buyUploads } from './api/buy-uploads';
import { buyVideo } from './api/buy-video';

const record = { _id: 'p1', amount: 5, purchasedAt: '2025-01-01T00:00:00.000Z' };

function stubFetch() {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ statusCode: 200, data: record, message: 'ok', success: true }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('buy calls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['a video', () => buyVideo('v 1', 'key-1'), '/api/purchase/buy/video/v%201'],
    ['a playlist', () => buyPlaylist('pl1', 'key-1'), '/api/purchase/buy/playlist/pl1'],
    ['upload slots', () => buyUploads('key-1'), '/api/purchase/buy/uploads'],
  ])('buys %s with GET (SPEC §7) and the idempotency key', async (_name, send, url) => {
    const fetchMock = stubFetch();
    await expect(send()).resolves.toEqual(record);
    const [calledUrl, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(calledUrl).toBe(url);
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe('key-1');
  });
});
