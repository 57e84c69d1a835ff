import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeClip, processesIn, listFiles, waitFor } from '../clips.ts';
import {
  createFaultEnv,
  currentUserId,
  expectAllRenditions,
  register,
  tmpFiles,
  uploadClip,
  waitFinished,
  watchScenario,
} from './harness.ts';

const env = await createFaultEnv('postgres');

describe('PostgreSQL killed (kill -9 of the embedded postmaster)', () => {
  it(
    'while idle: the API answers 503 with Retry-After, the server starts PostgreSQL again and serves as before',
    { timeout: 180_000 },
    async () => {
      const server = await env.start();
      const cookie = await register(env.base, 'survivor');
      // A call that asks the database every time (the list does too while PostgreSQL is away: its
      // micro-cache serves only while it hears the database's changes).
      const channel = `${env.base}/api/users/channel/${await currentUserId(env.base, cookie)}`;
      const before = await env.postgresPid();
      const watch = watchScenario(env.base, env.dataDir);
      process.kill(before, 'SIGKILL');

      // Meanwhile the API says it is unavailable and when to retry; then it is back by itself.
      await waitFor(async () => (await watch.get(channel))?.status === 503, 30_000, 20);
      await waitFor(async () => (await watch.get(channel))?.status === 200, 60_000, 50);
      const report = await watch.stop();
      expect(Object.keys(report.statuses).sort()).toEqual(['200', '503']);
      expect(report.missingRetryAfter).toEqual([]);
      // The same server process, a new PostgreSQL, the data kept.
      expect(server.isRunning()).toBe(true);
      expect(await env.postgresPid()).not.toBe(before);
      const me = await fetch(`${env.base}/api/users/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as any).data.username).toBe('survivor');
    },
  );

  it('mid-transcode: the server survives and the video ends ready with every rendition', { timeout: 180_000 }, async () => {
    const server = await env.ensureStarted();
    const cookie = await register(env.base, 'midjobdb');
    const ownerId = await currentUserId(env.base, cookie);
    const clip = await makeClip('ten.mp4', { seconds: 10, width: 640, height: 360 });
    const watch = watchScenario(env.base, env.dataDir);
    const id = await uploadClip(env.base, cookie, clip);
    const dir = path.join(env.dataDir, 'media', 'videos', id);
    const work = path.join(env.dataDir, 'work', id);
    await waitFor(
      async () => (await listFiles(dir)).some((f) => f.endsWith('index.m3u8')) && (await processesIn(work)).length > 0,
      90_000,
      20,
    );
    const before = await env.postgresPid();
    process.kill(before, 'SIGKILL');

    await waitFinished(env.base, cookie, ownerId, id);
    const report = await watch.stop();
    expect(server.isRunning()).toBe(true);
    expect(await env.postgresPid()).not.toBe(before);
    // One encoder from start to end: the transcode rode out the outage, no retry was needed.
    expect(report).toMatchObject({ unlistedFiles: [], maxEncodersPerFolder: 1, encoders: 1, missingRetryAfter: [] });
    for (const status of Object.keys(report.statuses)) expect(['200', '503']).toContain(status);
    await expectAllRenditions(env.base, id, ['360p', '240p']);
    expect(await tmpFiles(env.dataDir)).toEqual([]);
  });
});
