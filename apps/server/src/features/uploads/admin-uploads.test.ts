import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser } from '../../../test/support.ts';

// GET /api/admin/uploads and DELETE /api/admin/uploads/:id, on a small disk (a 64 MB tmpfs as
// DATA_DIR), so that the reservation an admin's deletion gives back is seen: a creation refused
// (507) before it fits after.
const MB = 1024 * 1024;
const mountPoint = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-admin-uploads-'));
execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', mountPoint]);
afterAll(() => {
  execFileSync('umount', ['-l', mountPoint]);
  return fs.rm(mountPoint, { recursive: true, force: true });
});

const dataDir = path.join(mountPoint, 'data');
const ctx = await createTestContext({ DATA_DIR: dataDir, MIN_FREE_DISK_MB: '4', MAX_VIDEO_BYTES: String(40 * MB) });
const { app, db } = ctx;

const tus = (method: string, url: string, cookie: string, headers: Record<string, string> = {}, payload?: Buffer) =>
  app.inject({ method: method as 'POST', url, payload, headers: { 'tus-resumable': '1.0.0', cookie, ...headers } });
const create = (cookie: string, length: number) => tus('POST', '/api/uploads/', cookie, { 'upload-length': String(length) });
const idOf = (location: unknown) => String(location).split('/').pop()!;
const asAdmin = (method: 'GET' | 'DELETE', url: string, cookie?: string) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {} });

const admin = await registerUser(ctx);
await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
const [a, b, c] = [await registerUser(ctx), await registerUser(ctx), await registerUser(ctx)];

describe('unfinished uploads, for admins', () => {
  it('answers 401 anonymous and 403 below admin, to the list and the deletion', async () => {
    const some = '00000000-0000-4000-8000-000000000000';
    expect((await asAdmin('GET', '/api/admin/uploads')).statusCode).toBe(401);
    expect((await asAdmin('DELETE', `/api/admin/uploads/${some}`)).statusCode).toBe(401);
    const list = await asAdmin('GET', '/api/admin/uploads', a.cookie);
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe('Only staff can do this');
    expect((await asAdmin('DELETE', `/api/admin/uploads/${some}`, a.cookie)).statusCode).toBe(403);
  });

  it('lists them, and a deletion removes the partial file and gives its reserved bytes back (audited)', async () => {
    const first = await create(a.cookie, 25 * MB);
    expect(first.statusCode, first.body).toBe(201);
    const firstId = idOf(first.headers.location);
    const written = await tus(
      'PATCH',
      `/api/uploads/${firstId}`,
      a.cookie,
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      Buffer.alloc(5 * MB, 1),
    );
    expect(written.statusCode).toBe(204);
    const second = await create(b.cookie, 25 * MB);
    expect(second.statusCode, second.body).toBe(201);
    // 64 MB less 4 kept: 50 are promised, 25 more do not fit.
    expect((await create(c.cookie, 25 * MB)).statusCode).toBe(507);

    const list = await asAdmin('GET', '/api/admin/uploads', admin.cookie);
    expect(list.statusCode, list.body).toBe(200);
    const mine = list.json().data.find((u: { _id: string }) => u._id === firstId);
    expect(mine).toMatchObject({
      owner: { _id: a.id, username: a.username },
      declaredBytes: 25 * MB,
      receivedBytes: 5 * MB,
      claimed: false,
    });
    expect(Date.parse(mine.expiresAt) - Date.parse(mine.createdAt)).toBe(24 * 3600 * 1000);
    const partial = path.join(dataDir, 'uploads', firstId);
    await expect(fs.stat(partial)).resolves.toBeTruthy();

    const removed = await asAdmin('DELETE', `/api/admin/uploads/${firstId}`, admin.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    await expect(fs.stat(partial)).rejects.toMatchObject({ code: 'ENOENT' });
    const after = (await asAdmin('GET', '/api/admin/uploads', admin.cookie)).json().data as { _id: string }[];
    expect(after.map((u) => u._id)).not.toContain(firstId);
    // Its reservation is given back: the creation refused before now fits.
    const third = await create(c.cookie, 25 * MB);
    expect(third.statusCode, third.body).toBe(201);
    // Its owner's upload is gone for them too.
    expect((await tus('HEAD', `/api/uploads/${firstId}`, a.cookie)).statusCode).toBe(404);

    const audit = await asAdmin('GET', '/api/admin/audit', admin.cookie);
    expect(audit.json().data[0]).toMatchObject({ action: 'upload.delete', targetType: 'upload', targetId: firstId });

    // Deleted twice: the second finds nothing.
    expect((await asAdmin('DELETE', `/api/admin/uploads/${firstId}`, admin.cookie)).statusCode).toBe(404);
    for (const [user, res] of [
      [b, second],
      [c, third],
    ] as const)
      await tus('DELETE', `/api/uploads/${idOf(res.headers.location)}`, user.cookie);
  });

  it('answers 404 to an unknown id and 400 to a malformed one', async () => {
    const unknown = await asAdmin('DELETE', '/api/admin/uploads/00000000-0000-4000-8000-000000000000', admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No unfinished upload with this id');
    expect((await asAdmin('DELETE', '/api/admin/uploads/not-an-id', admin.cookie)).statusCode).toBe(400);
  });
});
