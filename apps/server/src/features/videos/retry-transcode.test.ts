import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { makeClip, waitFor } from '../../../test/clips.ts';
import { createVideo } from '../../../test/factories.ts';
import { createTestContext, registerUser } from '../../../test/support.ts';
import { mediaKeys } from '../../storage/media-keys.ts';

// POST /api/video/v/:id/retry: a failed video whose source is still stored is transcoded again.
const ctx = await createTestContext({}, { worker: true });
const { app, db } = ctx;
const storage = ctx.deps.storage;

const owner = await registerUser(ctx);
const stranger = await registerUser(ctx);
const admin = await registerUser(ctx);
await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
const clip = await makeClip('retry.mp4', { seconds: 2, width: 320, height: 240 });

/** A video that failed, its uploaded source kept (or not) in storage. */
async function failedVideo(keepSource = true) {
  const id = await createVideo(db, owner.id, { status: 'failed', duration: 2 });
  const sourceKey = mediaKeys.source(id);
  await db
    .updateTable('videos')
    .set({ source_key: sourceKey, failure_reason: 'Processing failed: storage' })
    .where('id', '=', id)
    .execute();
  if (keepSource) await storage.putFile(sourceKey, await copyOf(clip));
  return id;
}

async function copyOf(file: string) {
  const copy = `${file}.${Math.random().toString(36).slice(2)}.mp4`;
  await fs.copyFile(file, copy);
  return copy;
}

const retry = (id: string, cookie?: string) =>
  app.inject({ method: 'POST', url: `/api/video/v/${id}/retry`, headers: cookie ? { cookie } : {} });
const statusOf = async (id: string) =>
  (await db.selectFrom('videos').select(['status', 'failure_reason']).where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('retrying a failed video', () => {
  it('answers 401 anonymous, 403 to someone else, 400 a malformed id, 404 an unknown one', async () => {
    const id = await failedVideo();
    expect((await retry(id)).statusCode).toBe(401);
    const other = await retry(id, stranger.cookie);
    expect(other.statusCode).toBe(403);
    expect(other.json().success).toBe(false);
    expect((await retry('not-an-id', owner.cookie)).statusCode).toBe(400);
    expect((await retry('00000000-0000-4000-8000-000000000000', owner.cookie)).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('failed');
  });

  it('lets the owner retry: processing again, then ready and playable', { timeout: 120_000 }, async () => {
    const id = await failedVideo();
    const res = await retry(id, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ _id: id, status: 'processing' });
    // A second click finds it processing.
    const again = await retry(id, owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed video can be retried');
    await waitFor(async () => (await statusOf(id)) === 'ready', 100_000, 300);
    expect(await storage.exists(`videos/${id}/master.m3u8`)).toBe(true);
  });

  it('lets an admin retry someone else’s failed video', async () => {
    const id = await failedVideo();
    const res = await retry(id, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(id)).not.toBe('failed');
  });

  it('answers 409 when the source is gone or the video did not fail', async () => {
    const gone = await failedVideo(false);
    const res = await retry(gone, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The uploaded file of this video is no longer stored: upload it again');
    expect(await statusOf(gone)).toBe('failed');
    const ready = await createVideo(db, owner.id);
    expect((await retry(ready, owner.cookie)).statusCode).toBe(409);
  });
});
