import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext, multipart, registerUser, testImage } from '../../../test/support.ts';
import { makeClip, waitFor } from '../../../test/clips.ts';

/**
 * Members only switched after the upload (API.md §20, docs/paid-content.md "Members-only videos"):
 * `PATCH /api/video/v/:videoId {membersOnly}` by its owner; the access rule follows at once for the
 * watch call and every file, and the files move into the closed folder (and back) by the
 * `video.media.move` job.
 */
const ctx = await createTestContext({}, { worker: true });
const { app } = ctx;
type User = Awaited<ReturnType<typeof registerUser>>;
const inject = (method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, user?: User, payload?: object) =>
  app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });

describe('switching members only on a finished video', async () => {
  const owner = await registerUser(ctx);
  const member = await registerUser(ctx);
  const stranger = await registerUser(ctx);
  expect((await inject('PUT', '/api/memberships/offer', owner, { price: 2, perks: 'All of it' })).statusCode).toBe(200);
  expect((await inject('POST', `/api/memberships/${owner.id}`, member)).statusCode).toBe(200);
  const clip = await makeClip('members-edit.mp4', { seconds: 2, width: 320, height: 240 });
  const upload = await app.inject({
    method: 'POST',
    url: '/api/video/new',
    ...multipart(
      { title: 'Open at first', description: 'A clip' },
      {
        videoFile: { data: await fs.readFile(clip), filename: 'members-edit.mp4', type: 'video/mp4' },
        thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
      },
      owner.cookie,
    ),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const videoId: string = upload.json().data._id;
  await waitFor(async () => {
    const list = await inject('GET', `/api/dashboard/videos/${owner.id}`, owner);
    const v = list.json().data.videos.find((x: { _id: string }) => x._id === videoId);
    if (v?.status === 'failed') throw new Error(v.failureReason);
    return v?.status === 'ready' && v.progress === 100;
  }, 120_000);
  const onDisk = (folder: string) =>
    fs.stat(path.join(ctx.config.mediaDir, folder, videoId, 'video.mp4')).then(
      () => true,
      () => false,
    );
  const publicFiles = [`/media/videos/${videoId}/video.mp4`, `/media/videos/${videoId}/master.m3u8`];
  const watchStatus = async (user?: User) => (await inject('GET', `/api/video/v/${videoId}`, user)).statusCode;
  const dashboardFlag = async () =>
    (await inject('GET', `/api/dashboard/videos/${owner.id}`, owner))
      .json()
      .data.videos.find((v: { _id: string }) => v._id === videoId).membersOnly;

  it('refuses anonymous (401), another user (403), a missing video (404) and a malformed flag (400)', async () => {
    expect((await inject('PATCH', `/api/video/v/${videoId}`, undefined, { membersOnly: true })).statusCode).toBe(401);
    expect((await inject('PATCH', `/api/video/v/${videoId}`, stranger, { membersOnly: true })).statusCode).toBe(403);
    expect((await inject('PATCH', `/api/video/v/${videoId}`, member, { membersOnly: true })).statusCode).toBe(403);
    expect(
      (await inject('PATCH', '/api/video/v/00000000-0000-7000-8000-000000000000', owner, { membersOnly: true })).statusCode,
    ).toBe(404);
    for (const bad of ['yes', '', null, 2, ['true']]) {
      const res = await inject('PATCH', `/api/video/v/${videoId}`, owner, { membersOnly: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, statusCode: 400 });
    }
    // Nothing changed by any of them.
    expect(await watchStatus(stranger)).toBe(200);
    expect(await dashboardFlag()).toBe(false);
  });

  it('on: a non-member is refused at once (watch call and every file), a member and the owner play; the files leave videos/', async () => {
    for (const url of publicFiles) expect((await inject('GET', url, stranger)).statusCode, url).toBe(200);
    const on = await inject('PATCH', `/api/video/v/${videoId}`, owner, { membersOnly: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ membersOnly: true });
    expect(await dashboardFlag()).toBe(true);
    expect((await inject('GET', `/api/video/v/${videoId}`, stranger)).json()).toMatchObject({
      statusCode: 401,
      reason: 'membership',
    });
    expect((await inject('GET', `/api/video/v/${videoId}`)).json()).toMatchObject({ statusCode: 401, reason: 'signin' });
    for (const url of publicFiles) {
      for (const user of [undefined, stranger]) {
        const res = await inject('GET', url, user);
        expect(res.statusCode, url).toBe(403);
        expect(res.rawPayload.length).toBeLessThan(200);
      }
    }
    const mine = (await inject('GET', `/api/video/v/${videoId}`, member)).json().data;
    expect(mine.videoFile).toMatch(/^\/media\/t\//);
    expect((await inject('GET', mine.videoFile, member)).statusCode).toBe(200);
    // The member's URL opens nothing for the stranger's session.
    expect((await inject('GET', mine.videoFile, stranger)).statusCode).toBe(403);
    expect(await watchStatus(owner)).toBe(200);

    await waitFor(async () => (await onDisk('exclusive')) && !(await onDisk('videos')), 30_000);
    const row = await ctx.db.selectFrom('videos').select('media_key').where('id', '=', videoId).executeTakeFirstOrThrow();
    expect(row.media_key).toBe(`exclusive/${videoId}`);
    for (const url of [...publicFiles, mine.videoFile]) expect((await inject('GET', url, stranger)).statusCode, url).toBe(403);
    const again = (await inject('GET', `/api/video/v/${videoId}`, member)).json().data;
    expect((await inject('GET', again.videoFile, member)).statusCode).toBe(200);
    expect((await inject('GET', again.hlsUrl, member)).body).toContain('#EXT-X-STREAM-INF');
  });

  it('off (multipart, as the edit form sends it): open to everyone at once, and the files back in videos/', async () => {
    const off = await app.inject({
      method: 'PATCH',
      url: `/api/video/v/${videoId}`,
      ...multipart({ membersOnly: 'false' }, {}, owner.cookie),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ membersOnly: false });
    expect(await watchStatus(stranger)).toBe(200);
    expect(await watchStatus()).toBe(200);
    await waitFor(async () => (await onDisk('videos')) && !(await onDisk('exclusive')), 30_000);
    const open = (await inject('GET', `/api/video/v/${videoId}`, stranger)).json().data;
    expect(open.videoFile).toBe(`/media/videos/${videoId}/video.mp4`);
    for (const url of publicFiles) expect((await inject('GET', url)).statusCode, url).toBe(200);
    // Sending the value it already has changes nothing.
    expect((await inject('PATCH', `/api/video/v/${videoId}`, owner, { membersOnly: false })).json().data.membersOnly).toBe(false);
  });

  it('an exclusive video switched members only: both grants open it, and its files stay in exclusive/', async () => {
    await ctx.db.updateTable('videos').set({ is_exclusive: true, price_minor: 500 }).where('id', '=', videoId).execute();
    await inject('PATCH', `/api/video/v/${videoId}`, owner, { membersOnly: true });
    expect(await watchStatus(member)).toBe(200);
    expect((await inject('GET', `/api/video/v/${videoId}`, stranger)).json().reason).toBe('purchase');
  });

  it('a live that waits for its stream: 409, nothing changed', async () => {
    const live = await inject('POST', '/api/live', owner, { title: 'Later', description: 'Soon' });
    expect(live.statusCode, live.body).toBe(201);
    const res = await inject('PATCH', `/api/video/v/${live.json().data._id}`, owner, { membersOnly: true });
    expect(res.json()).toMatchObject({ statusCode: 409, data: 'Members only can change once the live has ended' });
    const row = await ctx.db
      .selectFrom('videos')
      .select('members_only')
      .where('id', '=', live.json().data._id)
      .executeTakeFirstOrThrow();
    expect(row.members_only).toBe(false);
  });
});
