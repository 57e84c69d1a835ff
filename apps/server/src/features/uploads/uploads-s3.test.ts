import fs from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/clips.ts';
import { startTestS3 } from '../../../test/s3-server.ts';
import { createTestContext, multipart, registerUser, testImage } from '../../../test/support.ts';

// The same tus flow with STORAGE_DRIVER=s3 (@tus/s3-store against s3rver): bytes under the
// bucket's uploads/, owner checks, the claim, and nothing left in uploads/ afterwards.
const s3 = await startTestS3();
const ctx = await createTestContext(s3.env);
afterAll(() => s3.stop());
const { app } = ctx;
const clip = await fs.readFile(await makeClip('tus-s3.mp4', { seconds: 1, width: 160, height: 120 }));

const tus = (method: string, url: string, cookie: string, headers: Record<string, string> = {}, payload?: Buffer) =>
  app.inject({ method: method as 'POST', url, payload, headers: { 'tus-resumable': '1.0.0', cookie, ...headers } });
const patch = (cookie: string, id: string, offset: number, bytes: Buffer) =>
  tus(
    'PATCH',
    `/api/uploads/${id}`,
    cookie,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );

describe('tus uploads on S3', () => {
  it('stores the upload in the bucket, resumes it, refuses other users and makes a video of it', async () => {
    const [owner, other] = [await registerUser(ctx), await registerUser(ctx)];
    const created = await tus('POST', '/api/uploads/', owner.cookie, { 'upload-length': String(clip.length) });
    expect(created.statusCode, created.body).toBe(201);
    const id = String(created.headers.location).split('/').pop()!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await ctx.deps.storage.list('uploads')).some((k) => k.includes(id))).toBe(true);

    const half = Math.floor(clip.length / 2);
    expect((await patch(owner.cookie, id, 0, clip.subarray(0, half))).statusCode).toBe(204);
    expect((await tus('HEAD', `/api/uploads/${id}`, other.cookie)).statusCode).toBe(404);
    expect((await patch(other.cookie, id, half, clip.subarray(half))).statusCode).toBe(404);
    const head = await tus('HEAD', `/api/uploads/${id}`, owner.cookie);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect((await patch(owner.cookie, id, half, clip.subarray(half))).statusCode).toBe(204);

    const thumbnail = { thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' } };
    const form = multipart({ title: 'From the bucket', description: 'Resumed on S3', uploadId: id }, thumbnail, owner.cookie);
    const res = await app.inject({ method: 'POST', url: '/api/video/new', ...form });
    expect(res.statusCode, res.body).toBe(201);
    const videoId = res.json().data._id as string;
    expect(await ctx.deps.storage.exists(`sources/${videoId}`)).toBe(true);
    expect((await ctx.deps.storage.list('uploads')).filter((k) => k.includes(id))).toEqual([]);
    const again = await app.inject({
      method: 'POST',
      url: '/api/video/new',
      ...multipart({ title: 'Again', description: 'Again', uploadId: id }, thumbnail, owner.cookie),
    });
    expect(again.statusCode).toBe(404);
  });

  it('lets the owner delete a finished upload: every object of it goes', async () => {
    const owner = await registerUser(ctx);
    const created = await tus('POST', '/api/uploads/', owner.cookie, { 'upload-length': String(clip.length) });
    const id = String(created.headers.location).split('/').pop()!;
    expect((await patch(owner.cookie, id, 0, clip)).statusCode).toBe(204);
    expect((await tus('DELETE', `/api/uploads/${id}`, owner.cookie)).statusCode).toBe(204);
    expect((await ctx.deps.storage.list('uploads')).filter((k) => k.includes(id))).toEqual([]);
    expect((await tus('HEAD', `/api/uploads/${id}`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('storage quota on S3', () => {
  it('counts the declared length of the owner’s uploads in the bucket (413 past the quota)', async () => {
    const [owner, other] = [await registerUser(ctx), await registerUser(ctx)];
    await ctx.db.updateTable('users').set({ storage_quota_bytes: 5000 }).where('id', 'in', [owner.id, other.id]).execute();
    const create = (cookie: string, length: number) => tus('POST', '/api/uploads/', cookie, { 'upload-length': String(length) });
    expect((await create(owner.cookie, 3000)).statusCode).toBe(201);
    const refused = await create(owner.cookie, 2001);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ statusCode: 413, data: 'Storage quota exceeded', success: false });
    expect((await create(owner.cookie, 2000)).statusCode).toBe(201);
    // Another user's uploads in the same bucket are not counted against them.
    expect((await create(other.cookie, 5000)).statusCode).toBe(201);
  });
});
