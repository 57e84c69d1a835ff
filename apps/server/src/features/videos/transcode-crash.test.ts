import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createTestContext, multipart, registerUser, testImage } from '../../../test/support.ts';
import { listFiles, makeClip, waitFor } from '../../../test/clips.ts';
import { startWorker } from '../../deps.ts';

const ctx = await createTestContext();
const root = path.resolve(import.meta.dirname, '../../../../..');

it(
  'a worker killed in the middle of a transcode: after restart the job runs again and the video ends ready',
  { timeout: 300_000 },
  async () => {
    const owner = await registerUser(ctx);
    const clip = await makeClip('crash.mp4', { seconds: 12, width: 1280, height: 720 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/video/new',
      ...multipart(
        { title: 'Crash test', description: 'killed mid-job' },
        {
          videoFile: { data: await fs.readFile(clip), filename: 'crash.mp4', type: 'video/mp4' },
          thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
        },
        owner.cookie,
      ),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data._id as string;

    // A separate ROLE=worker process picks the job up; kill it (and its ffmpeg) once segments appear.
    const worker = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/worker.ts'], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATABASE_URL: ctx.config.databaseUrl,
        DATA_DIR: ctx.dataDir,
        LOG_LEVEL: 'silent',
        JOB_RETRY_DELAY_SECONDS: '0',
      },
    });
    const dir = path.join(ctx.config.mediaDir, 'videos', id);
    await waitFor(async () => (await listFiles(dir)).some((f) => f.endsWith('/media.mp4')), 90_000, 50);
    process.kill(-worker.pid!, 'SIGKILL');
    const row = await ctx.db.selectFrom('videos').select(['status', 'has_mp4']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.has_mp4).toBe(false);

    // "Restart": a worker in this process, alone on the queue, requeues the orphaned job.
    await startWorker(ctx.deps, { exclusive: true });
    const done = await waitFor(async () => {
      const v = await ctx.db
        .selectFrom('videos')
        .select(['status', 'has_mp4', 'failure_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return v.status === 'failed' || (v.status === 'ready' && v.has_mp4) ? v : null;
    }, 180_000);
    expect(done).toMatchObject({ status: 'ready', has_mp4: true });
    const files = await listFiles(dir);
    expect(files).toContain('master.m3u8');
    expect(files).toContain('video.mp4');
  },
);
