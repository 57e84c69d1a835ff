import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext, multipart, registerUser, testImage } from '../../../test/support.ts';
import { listFiles, makeClip, waitFor } from '../../../test/clips.ts';
import { createMediaTokens } from './media-tokens.ts';
import { sessionIdOf } from '../sessions/sessions.service.ts';

const sidOf = (cookie: string) => /(?:^|; )sid=([^;]+)/.exec(cookie)![1]!;

/**
 * The access rule on every byte of a real transcoded exclusive video: the matrix of who asks
 * (owner, buyer of the video, buyer of a playlist by the same owner, buyer of a playlist by
 * another owner, anonymous, a signed-in nobody) × every media path (master playlist, each
 * rung's playlist, init and media segments, the MP4), counting the bytes served.
 */
const ctx = await createTestContext({}, { worker: true });
const { app } = ctx;

const inject = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function uploadExclusive(cookie: string) {
  const clip = await makeClip('exclusive.mp4', { seconds: 2, width: 320, height: 240 });
  const files = {
    videoFile: { data: await fs.readFile(clip), filename: 'exclusive.mp4', type: 'video/mp4' },
    thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/video/new',
    ...multipart({ title: 'Members only', description: 'Exclusive clip', isExclusive: 'true', price: '7.50' }, files, cookie),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id: string = res.json().data._id;
  await waitFor(async () => {
    const list = await inject('GET', `/api/dashboard/videos/${res.json().data.owner._id}`, cookie);
    const v = list.json().data.videos.find((x: { _id: string }) => x._id === id);
    if (v?.status === 'failed') throw new Error(v.failureReason);
    return v?.status === 'ready' && v.progress === 100;
  }, 120_000);
  return id;
}

describe('the access rule on every media path', async () => {
  const owner = await registerUser(ctx);
  const videoId = await uploadExclusive(owner.cookie);
  const files = await listFiles(path.join(ctx.config.mediaDir, 'exclusive', videoId));
  const sizes = new Map(
    await Promise.all(
      files.map(async (f) => [f, (await fs.stat(path.join(ctx.config.mediaDir, 'exclusive', videoId, f))).size] as const),
    ),
  );

  const ownersPlaylist = (
    await inject('POST', '/api/playlist', owner.cookie, { name: 'All access', description: '', isExclusive: true, price: 25 })
  ).json().data._id as string;
  expect((await inject('POST', `/api/playlist/video/${videoId}/${ownersPlaylist}`, owner.cookie)).statusCode).toBe(200);
  const stranger = await registerUser(ctx);
  const strangersPlaylist = (
    await inject('POST', '/api/playlist', stranger.cookie, { name: 'Not theirs to sell', description: '', isExclusive: true })
  ).json().data._id as string;
  // An exclusive playlist holds only its creator's videos now (docs/paid-content.md); one that got
  // another creator's video before that rule must still open nothing of it.
  expect((await inject('POST', `/api/playlist/video/${videoId}/${strangersPlaylist}`, stranger.cookie)).statusCode).toBe(403);
  await ctx.db.insertInto('playlist_videos').values({ playlist_id: strangersPlaylist, video_id: videoId }).execute();

  const videoBuyer = await registerUser(ctx);
  expect((await inject('POST', `/api/purchase/buy/video/${videoId}`, videoBuyer.cookie)).statusCode).toBe(200);
  const playlistBuyer = await registerUser(ctx);
  expect((await inject('POST', `/api/purchase/buy/playlist/${ownersPlaylist}`, playlistBuyer.cookie)).statusCode).toBe(200);
  const otherPlaylistBuyer = await registerUser(ctx);
  expect((await inject('POST', `/api/purchase/buy/playlist/${strangersPlaylist}`, otherPlaylistBuyer.cookie)).statusCode).toBe(
    200,
  );
  const nobody = await registerUser(ctx);

  // Tokens as the server would sign them, for viewers the watch call refuses and their own
  // sessions: a leaked secret or a token issued before an entitlement ended must still open
  // nothing, because the rule is asked again on every file.
  const mint = createMediaTokens(ctx.deps.mediaSecret, 600);

  const personas: { name: string; id: string | null; cookie?: string; entitled: boolean }[] = [
    { name: 'owner', id: owner.id, cookie: owner.cookie, entitled: true },
    { name: 'buyer of the video', id: videoBuyer.id, cookie: videoBuyer.cookie, entitled: true },
    { name: 'buyer of a playlist by the same owner', id: playlistBuyer.id, cookie: playlistBuyer.cookie, entitled: true },
    {
      name: 'buyer of a playlist by another owner',
      id: otherPlaylistBuyer.id,
      cookie: otherPlaylistBuyer.cookie,
      entitled: false,
    },
    { name: 'anonymous', id: null, entitled: false },
    { name: 'nobody', id: nobody.id, cookie: nobody.cookie, entitled: false },
  ];

  it('lists every kind of media path', () => {
    expect(files).toContain('master.m3u8');
    expect(files).toContain('video.mp4');
    expect(files).toContain('video.m3u8');
    expect(files.filter((f) => f.endsWith('.mp4') || f.endsWith('.m4s'))).toEqual(['video.mp4']);
  });

  it.each(personas)('$name', async ({ cookie, entitled }) => {
    const watch = await inject('GET', `/api/video/v/${videoId}`, cookie);
    const attempts: string[] = files.map((f) => `/media/videos/${videoId}/${f}`);
    if (entitled) {
      expect(watch.statusCode, watch.body).toBe(200);
      const base = (watch.json().data.hlsUrl as string).replace(/master\.m3u8$/, '');
      expect(base).toMatch(new RegExp(`^/media/t/[^/]+/videos/${videoId}/$`));
      expect(watch.json().data.videoFile).toBe(`${base}video.mp4`);
      // Every file, through the URLs the watch call gave: all of it, byte for byte.
      for (const f of files) {
        const res = await inject('GET', `${base}${f}`, cookie);
        expect(res.statusCode, f).toBe(200);
        expect(res.rawPayload.length, f).toBe(sizes.get(f));
      }
      const range = await app.inject({
        method: 'GET',
        url: `${base}video.mp4`,
        headers: { range: 'bytes=0-99', cookie: cookie! },
      });
      expect(range.statusCode).toBe(206);
      // The same URLs with nobody's session, or none: the token is bound to the session that watched.
      for (const other of [nobody.cookie, undefined]) {
        expect((await inject('GET', `${base}video.mp4`, other)).statusCode).toBe(403);
      }
    } else {
      expect(watch.statusCode).toBe(401);
      expect(watch.json()).toMatchObject({ data: 'No access to this video', reason: cookie ? 'purchase' : 'signin' });
      // A token correctly signed for this viewer's own session (or, anonymous, for any session).
      const token = mint.issue(videoId, cookie ? sessionIdOf(sidOf(cookie)) : 'no-session', 60);
      attempts.push(...files.map((f) => `/media/t/${token}/videos/${videoId}/${f}`));
    }
    // Without entitlement, every path (and every path without a token, for everyone): 0 bytes.
    let bytesWithoutEntitlement = 0;
    for (const url of attempts) {
      for (const range of [undefined, 'bytes=0-99']) {
        const headers = { ...(cookie ? { cookie } : {}), ...(range ? { range } : {}) };
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode < 400) bytesWithoutEntitlement += res.rawPayload.length;
        expect(res.statusCode, url).toBe(403);
      }
    }
    expect(bytesWithoutEntitlement).toBe(0);
  });

  it('a playlist buyer’s token stops opening the files the moment the video leaves the playlist', async () => {
    const watch = (await inject('GET', `/api/video/v/${videoId}`, playlistBuyer.cookie)).json().data;
    expect((await inject('GET', watch.videoFile, playlistBuyer.cookie)).statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/playlist/video/${videoId}/${ownersPlaylist}`,
          headers: { cookie: owner.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect((await inject('GET', watch.videoFile, playlistBuyer.cookie)).statusCode).toBe(403);
    expect((await inject('GET', watch.hlsUrl, playlistBuyer.cookie)).statusCode).toBe(403);
    expect((await inject('GET', `/api/video/v/${videoId}`, playlistBuyer.cookie)).statusCode).toBe(401);
  });
});
