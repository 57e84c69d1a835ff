import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ffprobeJson, processesIn, waitFor } from '../clips.ts';
import { pushTestPattern } from '../rtmp-push.ts';
import { createFaultEnv, currentUserId, register, waitFinished } from './harness.ts';

// kill -9 of the server (ROLE=all: it ingests) while a live arrives (docs/live.md, docs/decisions.md):
// what was recorded up to the kill stays, the restarted server finds the live without its
// ingest, ends it after the grace period and makes the replay from the recording.
const env = await createFaultEnv('live', { LIVE_GRACE_SECONDS: '3' });

it('keeps the recording up to the kill, and the restarted server makes the replay from it', { timeout: 300_000 }, async () => {
  const server = await env.start();
  const cookie = await register(env.base, 'livekill');
  const ownerId = await currentUserId(env.base, cookie);
  const created = await fetch(`${env.base}/api/live`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Killed live', description: 'The server dies mid-stream' }),
  });
  expect(created.status).toBe(201);
  const { _id: videoId, streamKey } = ((await created.json()) as { data: { _id: string; streamKey: string } }).data;

  const publisher = pushTestPattern(`rtmp://127.0.0.1:${env.rtmpPort}/live/${streamKey}`, { seconds: 60 });
  const state = async () =>
    ((await (await fetch(`${env.base}/api/live/${videoId}`, { headers: { cookie } })).json()) as { data: { status: string } })
      .data;
  await waitFor(async () => (await state()).status === 'live', 60_000, 200);
  // A few segments on top of the first ones, then the kill.
  await new Promise((resolve) => setTimeout(resolve, 6000));
  const streamedMs = Date.now() - publisher.startedAt;
  await server.kill9();
  expect(await publisher.exit).not.toBe(0);

  const workDir = path.join(env.dataDir, 'work', 'live', videoId);
  // Its encoder died with it (no orphan keeps writing).
  await waitFor(async () => (await processesIn(workDir)).length === 0, 10_000, 100);
  const recording = path.join(workDir, 'recording', 's1.flv');
  const recorded = Number((await ffprobeJson(recording)).format.duration);
  // At most the moments in flight are lost (ffmpeg starts sending a moment after it starts).
  expect(recorded).toBeGreaterThan(streamedMs / 1000 - 4);

  await env.start();
  const replay = await waitFinished(env.base, cookie, ownerId, videoId);
  expect(replay.duration).toBeGreaterThan(recorded - 2);
  expect((await state()).status).toBe('ended');
  const watch = ((await (await fetch(`${env.base}/api/video/v/${videoId}`, { headers: { cookie } })).json()) as { data: any })
    .data;
  expect(watch).toMatchObject({ isLive: false, status: 'ready' });
  expect((await fetch(`${env.base}${watch.videoFile}`, { headers: { range: 'bytes=0-99' } })).status).toBe(206);
  // The key was never logged, by either start.
  for (const log of ['server-1.log', 'server-2.log']) {
    expect(await fs.readFile(path.join(env.dir, log), 'utf8')).not.toContain(streamKey.slice(37));
  }
});
