import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { listFiles, makeClip, processesIn, waitFor } from '../clips.ts';
import { createTestContext, multipart, registerUser, testImage } from '../support.ts';

const ctx = await createTestContext();
const root = path.resolve(import.meta.dirname, '../../../..');
const stopWorker: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const stop of stopWorker) await stop();
});

it('a video deleted while a worker in another process transcodes it: the worker stops, nothing is left, the job is cancelled', async () => {
  const owner = await registerUser(ctx);
  const clip = await makeClip('elsewhere.mp4', { seconds: 10, width: 640, height: 360 });
  // A ROLE=worker process on the same database and DATA_DIR does the transcoding.
  const worker = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/worker.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, DATABASE_URL: ctx.config.databaseUrl, DATA_DIR: ctx.dataDir, LOG_LEVEL: 'silent' },
  });
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  stopWorker.push(() => {
    worker.kill('SIGTERM');
    return exited;
  });

  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/video/new',
    ...multipart(
      { title: 'Deleted elsewhere', description: 'deleted mid-job' },
      {
        videoFile: { data: await fs.readFile(clip), filename: 'elsewhere.mp4', type: 'video/mp4' },
        thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
      },
      owner.cookie,
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data._id as string;
  const dir = path.join(ctx.config.mediaDir, 'videos', id);
  const work = path.join(ctx.config.dataDir, 'work', id);
  await waitFor(async () => (await processesIn(work)).length > 0, 90_000, 20);

  const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } });
  expect(deleted.statusCode).toBe(200);
  // The other process notices the row is gone, stops its encoder and removes what it wrote.
  await waitFor(async () => (await processesIn(work)).length === 0, 30_000, 50);
  await waitFor(async () => !(await fs.stat(dir).catch(() => null)), 30_000, 50);
  expect(await listFiles(path.join(ctx.config.mediaDir, 'sources'))).not.toContain(id);
  expect((await listFiles(path.join(ctx.config.mediaDir, 'thumbnails'))).filter((f) => f.startsWith(id))).toEqual([]);
  const jobs = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE data->>'videoId' = ${id}`.execute(ctx.db);
  expect(jobs.rows.map((j) => j.state)).toEqual(['cancelled']);
});
