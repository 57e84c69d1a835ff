import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestS3 } from '../../../test/s3-server.ts';
import { listFiles, makeClip, waitFor } from '../../../test/clips.ts';
import { parseMediaPlaylist } from '@streamhub/contract';
import { createTestContext, multipart, registerUser, testImage, type TestContext } from '../../../test/support.ts';

// The whole media path with STORAGE_DRIVER=s3 against s3rver: upload → transcode in a work
// folder → every rendition in the bucket → public media from the bucket (or CDN), exclusive media
// only through the token-checked path (playlists streamed, the rest presigned) → delete removes
// every object.
const s3 = await startTestS3();
const ctx = await createTestContext(s3.env, { worker: true });
const cdn = await createTestContext({ ...s3.env, MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com/media' });
afterAll(() => s3.stop());
const { app } = ctx;
const bucketUrl = `${s3.endpoint}/${s3.bucket}`;
const storage = ctx.deps.storage;

async function upload(c: TestContext, cookie: string, file: string, fields: Record<string, string> = {}) {
  const files = {
    videoFile: { data: await fs.readFile(file), filename: path.basename(file), type: 'video/mp4' },
    thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
  };
  const form = multipart({ title: 'On S3', description: 'A clip in the bucket', ...fields }, files, cookie);
  const res = await c.app.inject({ method: 'POST', url: '/api/video/new', ...form });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; thumbnail: string };
}

async function waitReady(cookie: string, ownerId: string, id: string) {
  await waitFor(async () => {
    const res = await app.inject({ method: 'GET', url: `/api/dashboard/videos/${ownerId}`, headers: { cookie } });
    const v = res.json().data.videos.find((x: { _id: string }) => x._id === id);
    if (v?.status === 'failed') throw new Error(`failed: ${v.failureReason}`);
    return v?.status === 'ready' && v.progress === 100;
  }, 150_000);
}

const watch = async (id: string, cookie = '') =>
  (await app.inject({ method: 'GET', url: `/api/video/v/${id}`, headers: cookie ? { cookie } : {} })).json().data as {
    hlsUrl: string;
    videoFile: string;
    storyboardUrl: string;
    thumbnail: string;
    owner: { avatar: string };
  };

/** The relative URIs of an HLS playlist (rung playlists, init and media segments). */
const urisOf = (playlist: string) =>
  playlist
    .split('\n')
    .flatMap((line) =>
      line.startsWith('#EXT-X-MAP:') ? [/URI="([^"]+)"/.exec(line)![1]!] : line && !line.startsWith('#') ? [line] : [],
    );

describe('videos on S3', async () => {
  const owner = await registerUser(ctx);
  const viewer = await registerUser(ctx);
  const clip = await makeClip('s3.mp4', { seconds: 2, width: 320, height: 240 });
  const [open, exclusive] = await Promise.all([
    upload(ctx, owner.cookie, clip),
    upload(ctx, owner.cookie, clip, { isExclusive: 'true', price: '7' }),
  ]);
  await Promise.all([waitReady(owner.cookie, owner.id, open._id), waitReady(owner.cookie, owner.id, exclusive._id)]);

  it('keeps every rendition in the bucket, public and exclusive videos under their own prefixes', async () => {
    for (const [video, folder] of [
      [open, `videos/${open._id}`],
      [exclusive, `exclusive/${exclusive._id}`],
    ] as const) {
      const keys = (await storage.list(folder)).map((k) => k.slice(folder.length + 1)).sort();
      expect(keys).toContain('master.m3u8');
      // One file per rung: the top rung's is video.mp4 (beside its playlist), the others' in their folders.
      expect(keys).toContain('video.mp4');
      expect(keys).toContain('video.m3u8');
      expect(keys.filter((k) => k.endsWith('.m3u8')).every((k) => /^(?:master|video|\d+p\/index)\.m3u8$/.test(k))).toBe(true);
      expect(keys.filter((k) => /\.(?:mp4|m4s)$/.test(k)).every((k) => k === 'video.mp4' || /^\d+p\/media\.mp4$/.test(k))).toBe(
        true,
      );
      // The source is gone once transcoded; nothing was written to the local media folder.
      expect(await storage.exists(`sources/${video._id}`)).toBe(false);
    }
    expect(await storage.list(`videos/${exclusive._id}`)).toEqual([]);
    expect(await listFiles(ctx.config.mediaDir)).toEqual([]);
    expect(await listFiles(path.join(ctx.config.dataDir, 'work'))).toEqual([]);
  });

  it('serves public media from the bucket: avatar, thumbnail, every playlist and segment, the MP4 with Range', async () => {
    const w = await watch(open._id);
    expect(w.hlsUrl).toBe(`${bucketUrl}/videos/${open._id}/master.m3u8`);
    expect(w.videoFile).toBe(`${bucketUrl}/videos/${open._id}/video.mp4`);
    expect(w.thumbnail).toMatch(new RegExp(`^${bucketUrl}/thumbnails/${open._id}-[\\w-]+\\.webp$`));
    expect(w.owner.avatar).toMatch(new RegExp(`^${bucketUrl}/avatars/${owner.id}-[\\w-]+\\.webp$`));
    for (const url of [w.thumbnail, w.owner.avatar]) expect((await fetch(url)).status).toBe(200);
    const master = await fetch(w.hlsUrl);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    for (const rung of urisOf(await master.text())) {
      const rungUrl = new URL(rung, w.hlsUrl);
      const playlist = await fetch(rungUrl);
      expect(playlist.status).toBe(200);
      const text = await playlist.text();
      for (const file of new Set(urisOf(text))) expect((await fetch(new URL(file, rungUrl))).status).toBe(200);
      // A segment is a byte range of the rung's file: the bucket answers exactly it.
      const { uri, range } = parseMediaPlaylist(text).segments[0]!;
      const end = range!.offset + range!.length - 1;
      const segment = await fetch(new URL(uri, rungUrl), { headers: { range: `bytes=${range!.offset}-${end}` } });
      expect(segment.status).toBe(206);
      expect(segment.headers.get('content-range')).toMatch(new RegExp(`^bytes ${range!.offset}-${end}/\\d+$`));
      expect((await segment.arrayBuffer()).byteLength).toBe(range!.length);
    }
    const part = await fetch(w.videoFile, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    // The app's own /media paths lead there too.
    const old = await app.inject({ method: 'GET', url: `/media/videos/${open._id}/master.m3u8` });
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(w.hlsUrl);
  });

  it('serves exclusive media only through the token-checked path: playlists streamed, the rest presigned', async () => {
    const w = await watch(exclusive._id, owner.cookie);
    expect(w.hlsUrl).toMatch(new RegExp(`^/media/t/[^/]+/videos/${exclusive._id}/master\\.m3u8$`));
    const get = (url: string, cookie = owner.cookie) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const base = `http://app${w.hlsUrl}`;
    const master = await get(w.hlsUrl);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    let files = 0;
    for (const rung of urisOf(master.body)) {
      const rungUrl = new URL(rung, base);
      const playlist = await get(rungUrl.pathname);
      expect(playlist.statusCode).toBe(200);
      expect(playlist.body).toContain('#EXT-X-ENDLIST');
      const { uri, range } = parseMediaPlaylist(playlist.body).segments[0]!;
      for (const file of new Set(urisOf(playlist.body))) {
        const url = new URL(file, rungUrl).pathname;
        const res = await get(url);
        expect(res.statusCode).toBe(302);
        expect(res.headers['cache-control']).toBe('no-store');
        const signed = String(res.headers.location);
        expect(signed).toMatch(new RegExp(`^${bucketUrl}/exclusive/${exclusive._id}/.+X-Amz-Signature=`));
        expect((await fetch(signed)).status).toBe(200);
        if (file === uri) {
          // The player's byte range, asked again of the presigned URL the redirect names (as fetch does).
          const end = range!.offset + range!.length - 1;
          const part = await fetch(signed, { headers: { range: `bytes=${range!.offset}-${end}` } });
          expect(part.status).toBe(206);
          expect(part.headers.get('content-range')).toMatch(new RegExp(`^bytes ${range!.offset}-${end}/\\d+$`));
          expect((await part.arrayBuffer()).byteLength).toBe(range!.length);
        }
        // Nobody else gets there: no session, or another user's session with this token.
        expect((await get(url, '')).statusCode).toBe(403);
        expect((await get(url, viewer.cookie)).statusCode).toBe(403);
        files++;
      }
    }
    expect(files).toBeGreaterThanOrEqual(1);
    const mp4 = await get(w.videoFile);
    expect(mp4.statusCode).toBe(302);
    const part = await fetch(String(mp4.headers.location), { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    // The storyboard track is streamed too, so its sprite sheets resolve on the checked path.
    const track = await get(w.storyboardUrl);
    expect(track.statusCode).toBe(200);
    expect(track.headers['content-type']).toMatch(/^text\/vtt/);
    const sheet = /^([\w/.-]+\.jpg)#xywh=/m.exec(track.body)![1]!;
    const sprite = await get(new URL(sheet, `http://app${w.storyboardUrl}`).pathname);
    expect(sprite.statusCode).toBe(302);
    expect((await fetch(String(sprite.headers.location))).status).toBe(200);
    // The exclusive folder has no public URL: the public path refuses it.
    expect((await get(`/media/videos/${exclusive._id}/master.m3u8`, '')).statusCode).toBe(403);
  });

  it('builds public URLs on the CDN origin of MEDIA_PUBLIC_BASE_URL and lets the page load media from there', async () => {
    const user = await registerUser(cdn);
    const me = (await cdn.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: user.cookie } })).json().data;
    expect(me.avatar).toMatch(new RegExp(`^https://cdn\\.example\\.com/media/avatars/${user.id}-[\\w-]+\\.webp$`));
    const stored = await cdn.db.selectFrom('users').select('avatar').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.avatar).toMatch(/^avatars\//);
    const csp = String((await cdn.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toMatch(/media-src 'self' blob: https:\/\/cdn\.example\.com http:\/\/127\.0\.0\.1:\d+/);
  });

  it('deletes every object of a deleted video, and the old avatar when it changes', async () => {
    const before = await watch(open._id);
    for (const video of [open, exclusive]) {
      const res = await app.inject({ method: 'DELETE', url: `/api/video/v/${video._id}`, headers: { cookie: owner.cookie } });
      expect(res.statusCode).toBe(200);
    }
    expect(await storage.list(`videos/${open._id}`)).toEqual([]);
    expect(await storage.list(`exclusive/${exclusive._id}`)).toEqual([]);
    expect((await storage.list('thumbnails')).filter((k) => k.includes(open._id) || k.includes(exclusive._id))).toEqual([]);
    expect((await fetch(before.thumbnail)).status).toBe(404);

    const form = multipart({}, { avatar: { data: testImage(), filename: 'a.png', type: 'image/png' } }, owner.cookie);
    const res = await app.inject({ method: 'PATCH', url: '/api/users/update_avatar', ...form });
    expect(res.statusCode).toBe(200);
    expect((await fetch(before.owner.avatar)).status).toBe(404);
    expect((await fetch(res.json().data.avatar)).status).toBe(200);
  });
});
