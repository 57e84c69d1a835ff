import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVideo, createUser } from '../../../test/factories.ts';
import { createTestContext, multipart, registerUser, testImage } from '../../../test/support.ts';
import { makeClip, waitFor } from '../../../test/clips.ts';
import { startWorker } from '../../deps.ts';
import { moveLegacyExclusiveFolders } from './legacy-folders.ts';
import { createVideosRepo } from './videos.repo.ts';

// Exclusive videos from before migration 0009 live in the public `videos/<id>`; they move out.

const ctx = await createTestContext();
const { db } = ctx;
const repo = createVideosRepo(db);
const storage = ctx.deps.storage;
const parts = { repo, storage, events: ctx.deps.events };
const media = path.join(ctx.dataDir, 'media');

/** A video row as migration 0009 left it: its folder `videos/<id>`, with a playlist in it. */
async function legacyVideo(ownerId: string, fields: NonNullable<Parameters<typeof createVideo>[2]>) {
  const id = await createVideo(db, ownerId, fields);
  await db
    .updateTable('videos')
    .set({ media_key: `videos/${id}`, has_mp4: fields.status === 'ready' })
    .where('id', '=', id)
    .execute();
  await storage.putBuffer(`videos/${id}/master.m3u8`, Buffer.from('#EXTM3U\n'));
  return id;
}
const keyOf = async (id: string) =>
  (await db.selectFrom('videos').select('media_key').where('id', '=', id).executeTakeFirstOrThrow()).media_key;
const exists = (p: string) =>
  fs.access(path.join(media, p)).then(
    () => true,
    () => false,
  );

describe('legacy exclusive folders', () => {
  it('the start-up pass moves finished and failed exclusive videos, and only those', async () => {
    const owner = await createUser(db);
    const finished = await legacyVideo(owner.id, { isExclusive: true, status: 'ready' });
    const failed = await legacyVideo(owner.id, { isExclusive: true, status: 'failed' });
    const encoding = await legacyVideo(owner.id, { isExclusive: true, status: 'processing' });
    const open = await legacyVideo(owner.id, { status: 'ready' });

    expect(await moveLegacyExclusiveFolders(parts)).toBe(2);
    for (const id of [finished, failed]) {
      expect(await keyOf(id)).toBe(`exclusive/${id}`);
      expect(await exists(`exclusive/${id}/master.m3u8`)).toBe(true);
      expect(await exists(`videos/${id}`)).toBe(false);
    }
    // The one being encoded moves when its job starts; an open video stays public.
    expect(await keyOf(encoding)).toBe(`videos/${encoding}`);
    expect(await keyOf(open)).toBe(`videos/${open}`);
    expect(await exists(`videos/${open}/master.m3u8`)).toBe(true);
    expect(await moveLegacyExclusiveFolders(parts)).toBe(0);
  });

  it('a pass stopped between moving the folder and pointing the row is finished by the next one', async () => {
    const owner = await createUser(db);
    const id = await legacyVideo(owner.id, { isExclusive: true, status: 'ready' });
    await storage.movePrefix(`videos/${id}`, `exclusive/${id}`);
    expect(await moveLegacyExclusiveFolders(parts)).toBe(1);
    expect(await keyOf(id)).toBe(`exclusive/${id}`);
    expect(await exists(`exclusive/${id}/master.m3u8`)).toBe(true);
  });

  it(
    'the transcode job of an exclusive video still pointed at videos/ writes it under exclusive/',
    { timeout: 120_000 },
    async () => {
      const owner = await registerUser(ctx);
      const clip = await makeClip('legacy.mp4', { seconds: 2, width: 320, height: 240 });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/video/new',
        ...multipart(
          { title: 'Legacy', description: 'exclusive before 0009', isExclusive: 'true', price: '9.99' },
          {
            videoFile: { data: await fs.readFile(clip), filename: 'legacy.mp4', type: 'video/mp4' },
            thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
          },
          owner.cookie,
        ),
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().data._id as string;
      await db
        .updateTable('videos')
        .set({ media_key: `videos/${id}` })
        .where('id', '=', id)
        .execute();

      await startWorker(ctx.deps, { exclusive: true });
      await waitFor(
        async () => (await db.selectFrom('videos').select('has_mp4').where('id', '=', id).executeTakeFirst())?.has_mp4,
        90_000,
      );
      expect(await keyOf(id)).toBe(`exclusive/${id}`);
      expect(await exists(`exclusive/${id}/master.m3u8`)).toBe(true);
      expect(await exists(`videos/${id}`)).toBe(false);
      const watch = (await ctx.app.inject({ method: 'GET', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } })).json()
        .data;
      const master = await ctx.app.inject({ method: 'GET', url: watch.hlsUrl, headers: { cookie: owner.cookie } });
      expect(master.statusCode).toBe(200);
      expect(master.body).toContain('#EXTM3U');
    },
  );
});
