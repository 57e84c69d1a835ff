import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { makeClip } from '../clips.ts';
import { createVideos } from '../factories.ts';
import { createTestContext, multipart, registerUser, testImage, type TestContext } from '../support.ts';

// Issue 21, item 4: an account with 5 free slots created 25 tus uploads declaring 4 GiB each
// (100 GiB reserved) and kept writing into them after its quota was used (PATCH 204). Now every
// unfinished upload takes an upload slot, a user holds at most UPLOADS_UNFINISHED_MAX of them
// declaring at most UPLOADS_UNFINISHED_MAX_BYTES together, and no upload grows once the user's
// videos use every slot.

const GiB = 1024 ** 3;
/** The defaults: MAX_VIDEO_BYTES 4 GiB, 3 unfinished uploads, 12 GiB together; 5 slots. */
const defaults = await createTestContext({ UPLOAD_LIMIT_DEFAULT: '5' });
const small = await createTestContext({
  UPLOAD_LIMIT_DEFAULT: '5',
  UPLOADS_UNFINISHED_MAX: '10',
  UPLOADS_UNFINISHED_MAX_BYTES: '1000',
});
const clip = await fs.readFile(await makeClip('tus-caps.mp4', { seconds: 1, width: 160, height: 120, audio: false }));

const tus = (
  ctx: TestContext,
  method: 'POST' | 'PATCH' | 'HEAD' | 'DELETE',
  url: string,
  cookie: string,
  headers: Record<string, string> = {},
  payload?: Buffer,
) => ctx.app.inject({ method, url, payload, headers: { 'tus-resumable': '1.0.0', cookie, ...headers } });

const create = (ctx: TestContext, cookie: string, length: number) =>
  tus(ctx, 'POST', '/api/uploads/', cookie, { 'upload-length': String(length) });
const idOf = (res: { headers: Record<string, unknown> }) => String(res.headers.location).split('/').pop()!;
const patch = (ctx: TestContext, cookie: string, id: string, offset: number, bytes: Buffer) =>
  tus(
    ctx,
    'PATCH',
    `/api/uploads/${id}`,
    cookie,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );
const offsetOf = async (ctx: TestContext, cookie: string, id: string) =>
  Number((await tus(ctx, 'HEAD', `/api/uploads/${id}`, cookie)).headers['upload-offset']);

/** What the database holds of a user's unfinished uploads. */
const held = async (ctx: TestContext, userId: string) => {
  const rows = await ctx.db
    .selectFrom('unfinished_uploads')
    .select(['id', 'declared_bytes'])
    .where('owner_id', '=', userId)
    .execute();
  return { count: rows.length, bytes: rows.reduce((sum, r) => sum + Number(r.declared_bytes), 0) };
};
const storedUploads = async (ctx: TestContext) =>
  (await fs.readdir(ctx.config.uploadsDir).catch(() => [])).filter((f) => !f.endsWith('.json'));

function expectRefusal(res: { statusCode: number; json(): unknown }, status: number, text: RegExp) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, success: false, data: expect.stringMatching(text) });
}

const claim = (ctx: TestContext, cookie: string, uploadId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/video/new',
    ...multipart(
      { title: 'Claimed', description: 'From tus', uploadId },
      { thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' } },
      cookie,
    ),
  });

describe('caps on unfinished resumable uploads', () => {
  it("the issue's attack: 25 creations of 4 GiB at once get 3 uploads (12 GiB), the rest a 403, nothing stored for them", async () => {
    const user = await registerUser(defaults);
    const before = (await storedUploads(defaults)).length;
    const answers = await Promise.all(Array.from({ length: 25 }, () => create(defaults, user.cookie, 4 * GiB)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(22).fill(403)]);
    for (const refused of answers.filter((res) => res.statusCode === 403)) {
      expectRefusal(refused, 403, /^Too many unfinished uploads \(at most 3\): finish or delete one first$/);
    }
    expect(await held(defaults, user.id)).toEqual({ count: 3, bytes: 12 * GiB });
    expect((await storedUploads(defaults)).length - before).toBe(3);
  });

  it('declared bytes are capped together (413); a deleted upload gives its bytes and its place back', async () => {
    const user = await registerUser(small);
    const first = await create(small, user.cookie, 600);
    expect(first.statusCode).toBe(201);
    expectRefusal(await create(small, user.cookie, 401), 413, /^Unfinished uploads may declare at most 1000 bytes together/);
    expect((await create(small, user.cookie, 400)).statusCode).toBe(201);
    expect(await held(small, user.id)).toEqual({ count: 2, bytes: 1000 });
    expect((await tus(small, 'DELETE', `/api/uploads/${idOf(first)}`, user.cookie)).statusCode).toBe(204);
    expect(await held(small, user.id)).toEqual({ count: 1, bytes: 400 });
    expect((await create(small, user.cookie, 600)).statusCode).toBe(201);
  });

  it("another user's caps are their own", async () => {
    const [a, b] = [await registerUser(small), await registerUser(small)];
    expect((await create(small, a.cookie, 1000)).statusCode).toBe(201);
    expect((await create(small, b.cookie, 1000)).statusCode).toBe(201);
  });
});

describe('unfinished uploads take upload slots', () => {
  it('an upload slot each: creations and multipart uploads are refused while they hold the free slots', async () => {
    const user = await registerUser(defaults);
    await createVideos(defaults.db, user.id, [{}, {}, {}]);
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const res = await create(defaults, user.cookie, clip.length);
      expect(res.statusCode).toBe(201);
      ids.push(idOf(res));
    }
    // 3 videos + 2 unfinished uploads = 5 slots.
    expectRefusal(await create(defaults, user.cookie, 10), 403, /^Upload limit reached$/);
    const form = multipart(
      { title: 'One more', description: 'Past the quota' },
      {
        videoFile: { data: clip, filename: 'c.mp4', type: 'video/mp4' },
        thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
      },
      user.cookie,
    );
    expectRefusal(await defaults.app.inject({ method: 'POST', url: '/api/video/new', ...form }), 403, /^Upload limit reached$/);

    // Finishing one and making it into a video uses its own slot: the quota is met exactly.
    expect((await patch(defaults, user.cookie, ids[0]!, 0, clip)).statusCode).toBe(204);
    const made = await claim(defaults, user.cookie, ids[0]!);
    expect(made.statusCode, made.body).toBe(201);
    expect(await held(defaults, user.id)).toEqual({ count: 1, bytes: clip.length });
    const me = await defaults.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: user.cookie } });
    expect(me.json().data.uploads).toEqual({ uploaded: 4, uploadLimit: 5 });
    // The other unfinished upload still holds the fifth slot.
    expectRefusal(await create(defaults, user.cookie, 10), 403, /^Upload limit reached$/);
  });

  it('no upload grows once finished videos use every slot: PATCH 403, nothing written; HEAD and DELETE still work', async () => {
    const user = await registerUser(small);
    const res = await create(small, user.cookie, 100);
    const id = idOf(res);
    expect((await patch(small, user.cookie, id, 0, Buffer.alloc(10, 1))).statusCode).toBe(204);
    // Slots used by videos meanwhile (as by uploads made before the caps existed).
    await createVideos(small.db, user.id, [{}, {}, {}, {}, {}]);
    expectRefusal(await patch(small, user.cookie, id, 10, Buffer.alloc(10, 2)), 403, /^Upload limit reached$/);
    expect(await offsetOf(small, user.cookie, id)).toBe(10);
    expect((await tus(small, 'DELETE', `/api/uploads/${id}`, user.cookie)).statusCode).toBe(204);
    expect(await held(small, user.id)).toEqual({ count: 0, bytes: 0 });
  });

  it('an upload made before the caps existed (no record) cannot grow past the quota either', async () => {
    const user = await registerUser(small);
    const id = idOf(await create(small, user.cookie, 100));
    await small.db.deleteFrom('unfinished_uploads').where('id', '=', id).execute();
    expect((await patch(small, user.cookie, id, 0, Buffer.alloc(10, 1))).statusCode).toBe(204);
    await createVideos(small.db, user.id, [{}, {}, {}, {}, {}]);
    expectRefusal(await patch(small, user.cookie, id, 10, Buffer.alloc(10, 2)), 403, /^Upload limit reached$/);
    expect(await offsetOf(small, user.cookie, id)).toBe(10);
  });

  it('a claim holds once across processes; a refused one gives the upload back; one cut by a crash goes stale in an hour', async () => {
    const user = await registerUser(defaults);
    const id = idOf(await create(defaults, user.cookie, clip.length));
    expect((await patch(defaults, user.cookie, id, 0, clip)).statusCode).toBe(204);
    // Another process is making a video of it right now.
    await defaults.db.updateTable('unfinished_uploads').set({ claimed_at: new Date() }).where('id', '=', id).execute();
    expectRefusal(await claim(defaults, user.cookie, id), 404, /^Upload not found$/);
    // That process died an hour ago mid-claim.
    await defaults.db
      .updateTable('unfinished_uploads')
      .set({ claimed_at: new Date(Date.now() - 2 * 3600_000) })
      .where('id', '=', id)
      .execute();
    expect((await claim(defaults, user.cookie, id)).statusCode).toBe(201);
    // Refused after the claim (not a video): the upload is unclaimed again, holding its slot.
    const text = Buffer.from('just some text, not a video');
    const other = idOf(await create(defaults, user.cookie, text.length));
    expect((await patch(defaults, user.cookie, other, 0, text)).statusCode).toBe(204);
    expectRefusal(await claim(defaults, user.cookie, other), 415, /^File must be a video$/);
    const row = await defaults.db
      .selectFrom('unfinished_uploads')
      .select('claimed_at')
      .where('id', '=', other)
      .executeTakeFirstOrThrow();
    expect(row.claimed_at).toBeNull();
    expect(await held(defaults, user.id)).toEqual({ count: 1, bytes: text.length });
    expect((await tus(defaults, 'DELETE', `/api/uploads/${other}`, user.cookie)).statusCode).toBe(204);
    expect(await held(defaults, user.id)).toEqual({ count: 0, bytes: 0 });
  });

  it('expired uploads give their slots back with their bytes', async () => {
    const user = await registerUser(small);
    const id = idOf(await create(small, user.cookie, 100));
    expect((await held(small, user.id)).count).toBe(1);
    await small.deps.services.uploads.removeExpired(Date.now() + small.config.uploadExpireMs + 60_000);
    expect(await held(small, user.id)).toEqual({ count: 0, bytes: 0 });
    expect((await tus(small, 'HEAD', `/api/uploads/${id}`, user.cookie)).statusCode).toBe(404);
  });
});
