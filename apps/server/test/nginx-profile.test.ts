import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeClip, waitFor } from './clips.ts';
import { createVideo } from './factories.ts';
import { startNginx } from './nginx.ts';
import { createTestContext, registerUser } from './support.ts';

// The nginx profile (deploy/nginx/streamhub.conf) as shipped: real nginx in front of the real
// app listening on a port. nginx serves /media from DATA_DIR/media itself: public videos' files
// straight from disk, exclusive videos' files after asking the API's media gate (the access
// module); everything else is proxied.

const ctx = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const apiPort = (ctx.app.server.address() as AddressInfo).port;
const nginx = await startNginx({ dataDir: ctx.dataDir, apiAddress: `127.0.0.1:${apiPort}` });
afterAll(() => nginx.stop());

const owner = await registerUser(ctx);
const other = await registerUser(ctx);
const mp4 = await fs.readFile(await makeClip('nginx-profile.mp4', { seconds: 1, width: 160, height: 120 }));

/** A finished video of `owner` with a real MP4 and a master playlist on disk. */
async function finishedVideo(isExclusive: boolean): Promise<string> {
  const id = await createVideo(ctx.db, owner.id, { isExclusive, duration: 1 });
  const { media_key } = await ctx.db
    .updateTable('videos')
    .set({ has_mp4: true })
    .where('id', '=', id)
    .returning('media_key')
    .executeTakeFirstOrThrow();
  // Exclusive videos live under exclusive/<id>, public ones under videos/<id>: nginx takes the
  // folder from the API's answer, never from the URL.
  const dir = path.join(ctx.config.mediaDir, media_key);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'video.mp4'), mp4);
  await fs.writeFile(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-VERSION:7\n');
  return id;
}

async function videoFileFor(id: string, cookie: string): Promise<string> {
  const res = await fetch(`${nginx.base}/api/video/v/${id}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { videoFile: string } }).data.videoFile;
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${nginx.base}${url}`, { headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
};

describe('nginx profile', () => {
  it('proxies the API and the web app', async () => {
    const res = await fetch(`${nginx.base}/api/users/me`, { headers: { cookie: owner.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-media-edge')).toBeNull();
  });

  it('serves a public video from disk itself, whole, with ranges and 304', async () => {
    const id = await finishedVideo(false);
    const whole = await get(`/media/videos/${id}/video.mp4`);
    expect(whole.res.status).toBe(200);
    expect(whole.res.headers.get('x-media-edge')).toBe('nginx');
    expect(whole.res.headers.get('content-type')).toBe('video/mp4');
    expect(whole.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(whole.body.equals(mp4)).toBe(true);

    const part = await get(`/media/videos/${id}/video.mp4`, { range: 'bytes=100-199' });
    expect(part.res.status).toBe(206);
    expect(part.res.headers.get('content-range')).toBe(`bytes 100-199/${mp4.length}`);
    expect(part.body.equals(mp4.subarray(100, 200))).toBe(true);

    const etag = whole.res.headers.get('etag')!;
    expect((await get(`/media/videos/${id}/video.mp4`, { 'if-none-match': etag })).res.status).toBe(304);

    const playlist = await get(`/media/videos/${id}/master.m3u8`);
    expect(playlist.res.status).toBe(200);
    expect(playlist.res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    // Playlists may still grow while a video encodes, which nginx cannot tell: revalidated.
    expect(playlist.res.headers.get('cache-control')).toBe('no-cache');
    expect(
      (await get(`/media/videos/${id}/master.m3u8`, { 'if-none-match': playlist.res.headers.get('etag')! })).res.status,
    ).toBe(304);
    expect((await get(`/media/videos/${id}/missing.m4s`)).res.status).toBe(404);
  });

  it('keeps nothing of a video still encoding for good: its growing rung file is revalidated until video.mp4 is whole', async () => {
    const id = await createVideo(ctx.db, owner.id, { status: 'processing' });
    const dir = path.join(ctx.config.mediaDir, 'videos', id);
    await fs.mkdir(path.join(dir, '240p'), { recursive: true });
    await fs.writeFile(path.join(dir, '240p', 'media.mp4'), mp4);
    const growing = await get(`/media/videos/${id}/240p/media.mp4`, { range: 'bytes=0-99' });
    expect(growing.res.status).toBe(206);
    expect(growing.res.headers.get('cache-control')).toBe('no-cache');
    // Finished: the top rung's file is in place, and the rung's bytes never change again.
    await fs.writeFile(path.join(dir, 'video.mp4'), mp4);
    // nginx's open_file_cache remembers a missing file for up to a second (open_file_cache_valid).
    const final = await waitFor(
      async () => {
        const r = await get(`/media/videos/${id}/240p/media.mp4`, { range: 'bytes=0-99' });
        return r.res.headers.get('cache-control') !== 'no-cache' && r;
      },
      5_000,
      100,
    );
    expect(final.res.status).toBe(206);
    expect(final.res.headers.get('content-range')).toBe(`bytes 0-99/${mp4.length}`);
    expect(final.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends what is in videos/ without asking the API: the folder holds open videos only', async () => {
    // Files with no video row at all: the media gate would refuse them (404), so an answer from
    // disk shows the public path asks nothing. The start-up pass keeps exclusive videos out of there.
    const id = crypto.randomUUID();
    await fs.mkdir(path.join(ctx.config.mediaDir, 'videos', id), { recursive: true });
    await fs.writeFile(path.join(ctx.config.mediaDir, 'videos', id, 'master.m3u8'), '#EXTM3U\n');
    expect((await get(`/media/videos/${id}/master.m3u8`)).res.status).toBe(200);
    // What is not on disk goes to the API, which knows no such video.
    const missing = await get(`/media/videos/${id}/video.mp4`);
    expect(missing.res.status).toBe(404);
    expect(missing.res.headers.get('content-type')).toContain('application/json');
  });

  it('refuses an exclusive video without a valid token, sending none of its bytes', async () => {
    const id = await finishedVideo(true);
    const url = await videoFileFor(id, owner.cookie);
    const forged = url.replace(/\/t\/[^/]+\//, '/t/9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/');
    for (const [label, target, cookie] of [
      ['no token', `/media/videos/${id}/video.mp4`, owner.cookie],
      ['forged token', forged, owner.cookie],
      ['token without its session', url, undefined],
      ["another viewer's session", url, other.cookie],
    ] as const) {
      const { res, body } = await get(target, { ...(cookie ? { cookie } : {}), range: 'bytes=0-' });
      expect(res.status, label).toBe(403);
      expect(res.headers.get('content-type'), label).toContain('application/json');
      expect(body.includes(mp4.subarray(0, 64)), label).toBe(false);
      expect(body.length, label).toBeLessThan(200);
    }
  });

  it('serves an exclusive video with the token and the session it was issued to, ranges included', async () => {
    const id = await finishedVideo(true);
    const url = await videoFileFor(id, owner.cookie);
    expect(url).toMatch(/^\/media\/t\//);
    const whole = await get(url, { cookie: owner.cookie });
    expect(whole.res.status).toBe(200);
    expect(whole.res.headers.get('x-media-edge')).toBe('nginx');
    expect(whole.res.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(whole.body.equals(mp4)).toBe(true);
    const part = await get(url, { cookie: owner.cookie, range: 'bytes=0-9' });
    expect(part.res.status).toBe(206);
    expect(part.body.equals(mp4.subarray(0, 10))).toBe(true);
  });

  it('keeps the edge question away from clients and answers unknown media paths 404', async () => {
    expect((await get('/api/media/authorize', { 'x-media-uri': '/media/videos/x/video.mp4' })).res.status).toBe(404);
    expect((await get('/media/../secrets/media-token')).res.status).toBe(404);
    expect((await get('/media/videos/not-an-id/video.mp4')).res.status).toBe(404);
  });

  it('passes the notification stream on as each event comes (buffering off for it)', async () => {
    const abort = new AbortController();
    const res = await fetch(`${nginx.base}/api/notifications/stream`, {
      headers: { cookie: other.cookie },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes(': connected')) text += (await reader.read()).value ?? '';
    const written = Date.now();
    const videoId = await createVideo(ctx.db, other.id, { title: 'Through nginx' });
    await ctx.deps.services.notifications.notify({ recipientId: other.id, type: 'video.ready', eventId: randomUUID(), videoId });
    while (!text.includes('event: notification')) text += (await reader.read()).value ?? '';
    expect(Date.now() - written).toBeLessThan(1000);
    expect(text).toContain('Your video “Through nginx” is ready');
    abort.abort();
  });
});
