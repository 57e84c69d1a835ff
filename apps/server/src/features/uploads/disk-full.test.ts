import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext, errorEnvelope, registerUser } from '../../../test/support.ts';

// Resumable uploads on a small disk (a 64 MB tmpfs as DATA_DIR): the bytes unfinished uploads
// declared are reserved against free space, and a disk that fills while a chunk is written answers
// the API's 507 envelope, never a 500 with the system's text.
const MB = 1024 * 1024;
const mountPoint = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-small-disk-'));
execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', mountPoint]);
afterAll(() => {
  execFileSync('umount', ['-l', mountPoint]);
  return fs.rm(mountPoint, { recursive: true, force: true });
});

const ctx = await createTestContext({
  DATA_DIR: path.join(mountPoint, 'data'),
  MIN_FREE_DISK_MB: '4',
  MAX_VIDEO_BYTES: String(40 * MB),
});
const { app } = ctx;
const DISK_FULL = errorEnvelope(507, 'Not enough storage space on the server, please try again later');

const tus = (method: string, url: string, cookie: string, headers: Record<string, string> = {}, payload?: Buffer) =>
  app.inject({ method: method as 'POST', url, payload, headers: { 'tus-resumable': '1.0.0', cookie, ...headers } });
const create = (cookie: string, length: number) => tus('POST', '/api/uploads/', cookie, { 'upload-length': String(length) });
const patch = (cookie: string, id: string, offset: number, bytes: Buffer) =>
  tus(
    'PATCH',
    `/api/uploads/${id}`,
    cookie,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );
const idOf = (location: unknown) => String(location).split('/').pop()!;

describe('resumable uploads on a small disk', () => {
  it('reserves what unfinished uploads declared: the creation that would overfill the disk is refused (507)', async () => {
    const [a, b, c] = [await registerUser(ctx), await registerUser(ctx), await registerUser(ctx)];
    const first = await create(a.cookie, 25 * MB);
    expect(first.statusCode, first.body).toBe(201);
    // Part of the first is written: what it still has to write stays reserved, what it wrote is gone from free space.
    expect((await patch(a.cookie, idOf(first.headers.location), 0, Buffer.alloc(5 * MB, 1))).statusCode).toBe(204);
    const second = await create(b.cookie, 25 * MB);
    expect(second.statusCode, second.body).toBe(201);
    // 64 MB free less 4 MB kept: 50 MB are promised already, 25 more do not fit.
    const third = await create(c.cookie, 25 * MB);
    expect(third.statusCode, third.body).toBe(507);
    expect(third.json()).toEqual(DISK_FULL);

    // Once an upload ends (deleted by its owner) its reservation is given back.
    expect((await tus('DELETE', `/api/uploads/${idOf(second.headers.location)}`, b.cookie)).statusCode).toBe(204);
    const again = await create(c.cookie, 25 * MB);
    expect(again.statusCode, again.body).toBe(201);
    for (const [user, res] of [
      [a, first],
      [c, again],
    ] as const)
      await tus('DELETE', `/api/uploads/${idOf(res.headers.location)}`, user.cookie);
  });

  it('answers 507 in the envelope when the disk fills while a chunk is written', async () => {
    const user = await registerUser(ctx);
    const created = await create(user.cookie, 8 * MB);
    expect(created.statusCode, created.body).toBe(201);
    // Something else fills the disk meanwhile.
    const filler = path.join(mountPoint, 'filler');
    const handle = await fs.open(filler, 'w');
    const chunk = Buffer.alloc(MB, 7);
    try {
      for (;;) await handle.write(chunk);
    } catch (err) {
      expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      await handle.close();
    }
    try {
      const res = await patch(user.cookie, idOf(created.headers.location), 0, Buffer.alloc(8 * MB, 2));
      expect(res.statusCode, res.body).toBe(507);
      expect(res.json()).toEqual(DISK_FULL);
      expect(res.body).not.toMatch(/ENOSPC|no space left/i);
    } finally {
      await fs.rm(filler, { force: true });
    }
  });
});
