import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import multipartPlugin from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/support.ts';
import { AppError } from './errors.ts';
import { readMultipart, removeFormFilesBeforeReply } from './multipart.ts';

const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-multipart-'));
const app = Fastify();
await app.register(multipartPlugin);
removeFormFilesBeforeReply(app);
app.setErrorHandler((err, _request, reply) =>
  reply.code(err instanceof AppError ? err.statusCode : 500).send({ message: (err as Error).message }),
);
app.post('/form', async (request) => {
  const form = await readMultipart(request, { tmpDir, fileLimits: { small: 16, big: 1 << 20 } });
  return { files: Object.keys(form.files) };
});
afterAll(async () => {
  await app.close();
  await fs.rm(tmpDir, { recursive: true, force: true });
});

describe('readMultipart', () => {
  it('leaves no temp file behind a file over its limit, its answer sent', async () => {
    // The limit trips on the file's first chunk, while its temp file may still be opening: the
    // answer waits until that file is closed and removed (the first file's too). Many times over,
    // since an open that lands after the removal is a matter of timing.
    const data = Buffer.alloc(64 * 1024, 1);
    for (let i = 0; i < 40; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/form',
        ...multipart(
          {},
          {
            big: { data, filename: 'a.bin', type: 'application/octet-stream' },
            small: { data, filename: 'b.bin', type: 'application/octet-stream' },
          },
        ),
      });
      expect(res.statusCode).toBe(413);
      expect(await fs.readdir(tmpDir)).toEqual([]);
    }
  });

  it('keeps the files of a form within its limits until the answer, then removes them', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/form',
      ...multipart({}, { small: { data: Buffer.from('tiny'), filename: 'b.bin', type: 'application/octet-stream' } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ files: ['small'] });
    expect(await fs.readdir(tmpDir)).toEqual([]);
  });
});
