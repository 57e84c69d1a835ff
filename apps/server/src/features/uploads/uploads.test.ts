import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/clips.ts';
import { createVideos } from '../../../test/factories.ts';
import { createTestContext, multipart, registerUser, testImage, type TestContext } from '../../../test/support.ts';

// Resumable uploads (tus 1.0) at /api/uploads/, and POST /api/video/new with `uploadId`.
const MAX = 3_000_000;
const ctx = await createTestContext({ MAX_VIDEO_BYTES: String(MAX), UPLOAD_LIMIT_DEFAULT: '3' });
const { app } = ctx;
const clip = await fs.readFile(await makeClip('tus.mp4', { seconds: 1, width: 160, height: 120 }));

const tus = (method: string, url: string, cookie: string | null, headers: Record<string, string> = {}, payload?: Buffer) =>
  app.inject({
    method: method as 'POST',
    url,
    payload,
    headers: { 'tus-resumable': '1.0.0', ...(cookie ? { cookie } : {}), ...headers },
  });

const b64 = (s: string) => Buffer.from(s).toString('base64');

async function create(cookie: string, length: number, filename = 'clip.mp4') {
  const res = await tus('POST', '/api/uploads/', cookie, {
    'upload-length': String(length),
    'upload-metadata': `filename ${b64(filename)},owner ${b64('someone-else')}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const location = String(res.headers.location);
  expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
  return location.split('/').pop()!;
}

const patch = (cookie: string | null, id: string, offset: number, bytes: Buffer) =>
  tus(
    'PATCH',
    `/api/uploads/${id}`,
    cookie,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );

const offsetOf = async (cookie: string, id: string) => {
  const res = await tus('HEAD', `/api/uploads/${id}`, cookie);
  expect(res.statusCode).toBe(200);
  return Number(res.headers['upload-offset']);
};

async function finished(cookie: string, bytes: Buffer, filename?: string) {
  const id = await create(cookie, bytes.length, filename);
  expect((await patch(cookie, id, 0, bytes)).statusCode).toBe(204);
  return id;
}

const thumbnail = () => ({ thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' } });

/** POST /api/video/new with `uploadId` (in `fields`) and, unless told otherwise, a thumbnail. */
const claim = (c: TestContext, cookie: string, fields: Record<string, string>, opts = { thumbnail: true }) => {
  const form = multipart(
    { title: 'Resumed', description: 'Sent in pieces', ...fields },
    opts.thumbnail ? thumbnail() : {},
    cookie,
  );
  return c.app.inject({ method: 'POST', url: '/api/video/new', ...form });
};

const videoCount = async (ownerId: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('videos')
        .select((e) => e.fn.countAll().as('n'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const storedUploads = async () => (await fs.readdir(ctx.config.uploadsDir).catch(() => [])).sort();

function expectError(
  res: { statusCode: number; headers: Record<string, unknown>; body: string; json(): unknown },
  status: number,
) {
  expect(res.statusCode, res.body).toBe(status);
  if (!res.body) return; // HEAD: no body
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.json()).toMatchObject({ statusCode: status, success: false, message: expect.any(String) });
}

describe('tus uploads', () => {
  it('creates, resumes after a dropped chunk, and makes a video of the finished upload', async () => {
    const owner = await registerUser(ctx);
    const id = await create(owner.cookie, clip.length);
    expect(await offsetOf(owner.cookie, id)).toBe(0);
    const half = Math.floor(clip.length / 2);
    expect((await patch(owner.cookie, id, 0, clip.subarray(0, half))).headers['upload-offset']).toBe(String(half));
    // The connection dropped: the client asks where to go on, then sends the rest only.
    const at = await offsetOf(owner.cookie, id);
    expect(at).toBe(half);
    // A PATCH at the wrong offset is refused, nothing written.
    expectError(await patch(owner.cookie, id, 0, clip.subarray(0, 10)), 409);
    expect((await patch(owner.cookie, id, at, clip.subarray(at))).statusCode).toBe(204);
    expect(await offsetOf(owner.cookie, id)).toBe(clip.length);

    const res = await claim(ctx, owner.cookie, { uploadId: id });
    expect(res.statusCode, res.body).toBe(201);
    const video = res.json().data;
    expect(video).toMatchObject({ title: 'Resumed', status: 'processing' });
    expect(await fs.readFile(path.join(ctx.config.mediaDir, 'sources', video._id))).toEqual(clip);
    // Used up: the bytes moved to the video's source, the record is gone.
    expect((await storedUploads()).filter((f) => f.startsWith(id))).toEqual([]);
    expectError(await tus('HEAD', `/api/uploads/${id}`, owner.cookie), 404);
  });

  it('needs a session and the protocol header; the client cannot name the owner nor store control characters', async () => {
    const owner = await registerUser(ctx);
    const before = await storedUploads();
    expectError(await tus('POST', '/api/uploads/', null, { 'upload-length': '10' }), 401);
    expectError(
      await app.inject({ method: 'POST', url: '/api/uploads/', headers: { cookie: owner.cookie, 'upload-length': '10' } }),
      412,
    );
    expect(await storedUploads()).toEqual(before);
    const id = await create(owner.cookie, 10, 'cl\u0000ip\n.mp4');
    const info = JSON.parse(await fs.readFile(path.join(ctx.config.uploadsDir, `${id}.json`), 'utf8'));
    expect(info.metadata).toEqual({ filename: 'clip.mp4', owner: owner.id });
  });

  it("answers 404 to HEAD, PATCH and DELETE on another user's upload, which stays as it was", async () => {
    const [owner, other] = [await registerUser(ctx), await registerUser(ctx)];
    const id = await create(owner.cookie, clip.length);
    expect((await patch(owner.cookie, id, 0, clip.subarray(0, 100))).statusCode).toBe(204);
    expectError(await tus('HEAD', `/api/uploads/${id}`, other.cookie), 404);
    expectError(await patch(other.cookie, id, 100, Buffer.alloc(50, 1)), 404);
    expectError(await tus('DELETE', `/api/uploads/${id}`, other.cookie), 404);
    expectError(await patch(null, id, 100, Buffer.alloc(50, 1)), 401);
    expect(await offsetOf(owner.cookie, id)).toBe(100);
    expect(await fs.readFile(path.join(ctx.config.uploadsDir, id))).toEqual(clip.subarray(0, 100));
    // Nor can the other user make a video of it.
    expect((await patch(owner.cookie, id, 100, clip.subarray(100))).statusCode).toBe(204);
    expectError(await claim(ctx, other.cookie, { uploadId: id }), 404);
    expect(await videoCount(other.id)).toBe(0);
    // The owner may delete it: bytes and record go.
    expect((await tus('DELETE', `/api/uploads/${id}`, owner.cookie)).statusCode).toBe(204);
    expect((await storedUploads()).filter((f) => f.startsWith(id))).toEqual([]);
  });

  it('refuses an upload past MAX_VIDEO_BYTES or without a length before storing a byte', async () => {
    const owner = await registerUser(ctx);
    const before = await storedUploads();
    expectError(await tus('POST', '/api/uploads/', owner.cookie, { 'upload-length': String(MAX + 1) }), 413);
    expectError(await tus('POST', '/api/uploads/', owner.cookie, { 'upload-defer-length': '1' }), 400);
    expect(await storedUploads()).toEqual(before);
    // Nor can a PATCH write past the declared length.
    const id = await create(owner.cookie, 10);
    expect((await patch(owner.cookie, id, 0, Buffer.alloc(20, 1))).statusCode).toBeGreaterThanOrEqual(400);
    expect((await fs.stat(path.join(ctx.config.uploadsDir, id))).size).toBe(0);
  });

  it('refuses an upload past the quota before storing a byte', async () => {
    const owner = await registerUser(ctx);
    await createVideos(ctx.db, owner.id, [{}, {}, {}]);
    const before = await storedUploads();
    expectError(await tus('POST', '/api/uploads/', owner.cookie, { 'upload-length': '100' }), 403);
    expect(await storedUploads()).toEqual(before);
  });

  it('a finished upload makes one video: a second claim, an unfinished one and forged ids are refused', async () => {
    const owner = await registerUser(ctx);
    const id = await finished(owner.cookie, clip);
    expect((await claim(ctx, owner.cookie, { uploadId: id })).statusCode).toBe(201);
    expectError(await claim(ctx, owner.cookie, { uploadId: id }), 404);
    expect(await videoCount(owner.id)).toBe(1);

    const unfinished = await create(owner.cookie, clip.length);
    expectError(await claim(ctx, owner.cookie, { uploadId: unfinished }), 409);
    for (const forged of [
      '0190f2c4-0000-7000-8000-000000000000',
      'not-an-id',
      '../../secrets/media-token',
      `${unfinished}.json`,
    ]) {
      expectError(await claim(ctx, owner.cookie, { uploadId: forged }), 404);
    }
    // videoFile and uploadId together: which one is meant?
    const both = multipart(
      { title: 'Both', description: 'Both', uploadId: unfinished },
      { videoFile: { data: clip, filename: 'clip.mp4', type: 'video/mp4' }, ...thumbnail() },
      owner.cookie,
    );
    const bothAnswer = await app.inject({ method: 'POST', url: '/api/video/new', ...both });
    expectError(bothAnswer, 400);
    expect(bothAnswer.json().details).toEqual([{ field: 'uploadId', problem: 'sent with videoFile' }]);
    expect(await videoCount(owner.id)).toBe(1);
    expect(await offsetOf(owner.cookie, unfinished)).toBe(0);
  });

  it('a claim without a thumbnail is a 400 before the upload is touched; anonymous 401, another user 404', async () => {
    const [owner, other] = [await registerUser(ctx), await registerUser(ctx)];
    const id = await finished(owner.cookie, clip);
    expectError(await claim(ctx, '', { uploadId: id }, { thumbnail: false }), 401);
    expectError(await claim(ctx, other.cookie, { uploadId: id }), 404);
    const res = await claim(ctx, owner.cookie, { uploadId: id }, { thumbnail: false });
    expectError(res, 400);
    expect(res.json()).toMatchObject({
      data: 'Thumbnail is required',
      details: [{ field: 'thumbnail', problem: 'is required' }],
    });
    // Found before the upload is looked at: an unfinished one is 400 for it too, not 409.
    const unfinished = await create(owner.cookie, clip.length);
    expectError(await claim(ctx, owner.cookie, { uploadId: unfinished }, { thumbnail: false }), 400);
    // Not claimed, not probed, nothing made: the upload is as it was, and the claim with a thumbnail works.
    expect(await videoCount(owner.id)).toBe(0);
    expect(await offsetOf(owner.cookie, id)).toBe(clip.length);
    expect((await claim(ctx, owner.cookie, { uploadId: id })).statusCode).toBe(201);
    expect(await videoCount(owner.id)).toBe(1);
  });

  it('sniffs the bytes of an upload like a multipart file: a text HLS playlist named clip.mp4 is 415, and kept', async () => {
    const owner = await registerUser(ctx);
    const playlist = Buffer.from('#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n../../secrets/media-token\n#EXT-X-ENDLIST\n');
    const id = await finished(owner.cookie, playlist, 'clip.mp4');
    expectError(await claim(ctx, owner.cookie, { uploadId: id }), 415);
    expect(await videoCount(owner.id)).toBe(0);
    // Refused, not lost: the upload is still there until it expires or its owner deletes it.
    expect(await offsetOf(owner.cookie, id)).toBe(playlist.length);
  });

  it('removes uploads older than UPLOAD_EXPIRE_HOURS, bytes and all', async () => {
    const owner = await registerUser(ctx);
    const [young, old] = [await create(owner.cookie, clip.length), await finished(owner.cookie, clip)];
    const infoFile = path.join(ctx.config.uploadsDir, `${old}.json`);
    const info = JSON.parse(await fs.readFile(infoFile, 'utf8'));
    await fs.writeFile(infoFile, JSON.stringify({ ...info, creation_date: new Date(Date.now() - 25 * 3600_000).toISOString() }));
    expect(await ctx.deps.services.uploads.removeExpired()).toBeGreaterThanOrEqual(1);
    expect((await storedUploads()).filter((f) => f.startsWith(old))).toEqual([]);
    expect(await offsetOf(owner.cookie, young)).toBe(0);
    expectError(await claim(ctx, owner.cookie, { uploadId: old }), 404);
  });
});
