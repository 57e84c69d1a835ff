import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/clips.ts';
import { createTestContext, errorEnvelope, multipart, registerUser, testImage } from '../../../test/support.ts';

// Storage quotas in bytes (docs/moderation.md, "Quotas"): a user's videos (their uploaded
// sources) and unfinished resumable uploads count; a request that would pass the quota is refused
// with 413 before a byte of it is stored.

const ctx = await createTestContext({ UPLOAD_LIMIT_DEFAULT: '100' });
const { app, db } = ctx;
const clip = await fs.readFile(await makeClip('quota.mp4', { seconds: 1, width: 160, height: 120, audio: false }));
const QUOTA_EXCEEDED = errorEnvelope(413, 'Storage quota exceeded');

const setQuota = (userId: string, bytes: number | null) =>
  db.updateTable('users').set({ storage_quota_bytes: bytes }).where('id', '=', userId).execute();

const uploadForm = (cookie: string) =>
  multipart(
    { title: 'Quota clip', description: 'Counts against my quota' },
    {
      thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
      videoFile: { data: clip, filename: 'c.mp4', type: 'video/mp4' },
    },
    cookie,
  );
const upload = (cookie: string) => app.inject({ method: 'POST', url: '/api/video/new', ...uploadForm(cookie) });
const createTus = (cookie: string, length: number) =>
  app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: { cookie, 'tus-resumable': '1.0.0', 'upload-length': String(length) },
  });

/** What is stored for the user: video rows, and files anywhere under DATA_DIR (sources, tmp, uploads). */
async function stored(userId: string) {
  const videos = await db.selectFrom('videos').select(['id', 'size_bytes']).where('owner_id', '=', userId).execute();
  const files: string[] = [];
  for (const dir of ['tmp', 'uploads', 'media/sources']) {
    const names = await fs.readdir(path.join(ctx.dataDir, dir)).catch(() => [] as string[]);
    files.push(...names.map((n) => `${dir}/${n}`));
  }
  return { videos, files };
}

describe('storage quota', () => {
  it('counts what a video upload stored, and refuses the upload that would pass the quota (413, nothing kept)', async () => {
    const user = await registerUser(ctx);
    const first = await upload(user.cookie);
    expect(first.statusCode, first.body).toBe(201);
    const row = await db
      .selectFrom('videos')
      .select('size_bytes')
      .where('id', '=', first.json().data._id)
      .executeTakeFirstOrThrow();
    expect(row.size_bytes).toBe(clip.length);

    // Room for less than one more request's body: refused from its Content-Length, before reading it.
    await setQuota(user.id, clip.length + 100);
    const before = await stored(user.id);
    expect((await upload(user.cookie)).json()).toEqual(QUOTA_EXCEEDED);
    expect(await stored(user.id)).toEqual(before);

    // Without a quota the same upload goes through.
    await setQuota(user.id, null);
    expect((await upload(user.cookie)).statusCode).toBe(201);
  });

  it('refuses a resumable upload whose declared length would pass the quota (413, nothing created)', async () => {
    const user = await registerUser(ctx);
    await setQuota(user.id, 5000);
    const before = await stored(user.id);
    const refused = await createTus(user.cookie, 5001);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual(QUOTA_EXCEEDED);
    expect(await stored(user.id)).toEqual(before);

    // Its declared length counts from its creation, unfinished: the next upload has only what is left.
    expect((await createTus(user.cookie, 3000)).statusCode).toBe(201);
    expect((await createTus(user.cookie, 2001)).json()).toEqual(QUOTA_EXCEEDED);
    expect((await createTus(user.cookie, 2000)).statusCode).toBe(201);
    // …and a multipart upload finds no room left either.
    expect((await upload(user.cookie)).json()).toEqual(QUOTA_EXCEEDED);
    // Another user's uploads are theirs alone.
    const other = await registerUser(ctx);
    await setQuota(other.id, 5000);
    expect((await createTus(other.cookie, 5000)).statusCode).toBe(201);
  });

  it('follows the instance default when the user has none, and the admin page shows the bytes', async () => {
    const user = await registerUser(ctx);
    expect((await upload(user.cookie)).statusCode).toBe(201);
    const admin = await registerUser(ctx);
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const patch = (body: unknown) =>
      app.inject({
        method: 'PATCH',
        url: '/api/admin/settings',
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expect((await patch({ defaultStorageQuotaBytes: clip.length })).statusCode).toBe(200);
    try {
      expect((await createTus(user.cookie, 1)).json()).toEqual(QUOTA_EXCEEDED);
      const page = await app.inject({
        method: 'GET',
        url: `/api/admin/users?query=${user.username}`,
        headers: { cookie: admin.cookie },
      });
      expect(page.json().data.users[0]).toMatchObject({ storageBytes: clip.length, storageQuotaBytes: clip.length });
      // The user's own quota wins over the default.
      await setQuota(user.id, clip.length + 10);
      expect((await createTus(user.cookie, 10)).statusCode).toBe(201);
    } finally {
      await patch({ defaultStorageQuotaBytes: null });
    }
  });

  it('two uploads at once that fit one by one but not together: one is refused (413) and its bytes removed', async () => {
    const user = await registerUser(ctx);
    const contentLength = uploadForm(user.cookie).payload.length;
    // Each request's body fits, and one video fits; two videos do not.
    const quota = Math.max(contentLength, clip.length * 2 - 1);
    expect(quota).toBeLessThan(clip.length * 2);
    await setQuota(user.id, quota);
    const answers = await Promise.all([upload(user.cookie), upload(user.cookie)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 413]);
    expect(answers.find((r) => r.statusCode === 413)!.json()).toEqual(QUOTA_EXCEEDED);
    const { videos, files } = await stored(user.id);
    expect(videos).toHaveLength(1);
    expect(files.filter((f) => f.startsWith('media/sources/'))).toContain(`media/sources/${videos[0]!.id}`);
    expect(files.filter((f) => f.startsWith('tmp/'))).toEqual([]);
  });
});
