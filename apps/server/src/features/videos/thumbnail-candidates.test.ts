import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeClip, waitFor } from '../../../test/clips.ts';
import { createUser } from '../../../test/factories.ts';
import { createTestContext, multipart, registerUser, testImage } from '../../../test/support.ts';
import { newId } from '../../lib/ids.ts';
import { mediaKeys } from '../../storage/media-keys.ts';

// Thumbnail candidates (API.md §22): three frames the server picks after the transcode, listed to
// the owner, chosen by index in the edit call; a live's replay gets the first instead of its
// dark placeholder.

const ctx = await createTestContext({}, { worker: true });
const { app, db } = ctx;

async function upload(cookie: string, fields: Record<string, string> = {}) {
  const file = await makeClip('clip.mp4', { seconds: 6, width: 640, height: 360 });
  const files = {
    videoFile: { data: await fs.readFile(file), filename: 'clip.mp4', type: 'video/mp4' },
    thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/video/new',
    ...multipart({ title: 'Frames', description: 'Pick one', ...fields }, files, cookie),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

const statusOf = async (id: string) =>
  (await db.selectFrom('videos').select(['status', 'has_mp4']).where('id', '=', id).executeTakeFirst())!;
const waitReady = (id: string) =>
  waitFor(async () => (await statusOf(id)).status === 'ready' && (await statusOf(id)).has_mp4, 120_000);
const candidates = (id: string, cookie?: string) =>
  app.inject({ method: 'GET', url: `/api/video/v/${id}/thumbnails`, headers: cookie ? { cookie } : {} });
const edit = (id: string, cookie: string, fields: Record<string, string>) =>
  app.inject({ method: 'PATCH', url: `/api/video/v/${id}`, ...multipart(fields, {}, cookie) });

describe('thumbnail candidates', () => {
  it('after the transcode the owner gets three different frames, and picks one as the thumbnail by index', async () => {
    const owner = await registerUser(ctx);
    const other = await registerUser(ctx);
    const id = await upload(owner.cookie);
    await waitReady(id);

    const res = await candidates(id, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const urls: string[] = res.json().data;
    expect(urls).toEqual([0, 1, 2].map((i) => `/media/videos/${id}/candidates/candidate_${i + 1}.webp`));
    const images: Buffer[] = [];
    for (const url of urls) {
      const file = await app.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 640, height: 360 });
      images.push(file.rawPayload);
    }
    expect(new Set(images.map((b) => b.toString('base64'))).size).toBe(3);

    // Only the owner lists them; a malformed or missing id is 400 / 404.
    expect((await candidates(id)).statusCode).toBe(401);
    expect((await candidates(id, other.cookie)).statusCode).toBe(403);
    expect((await candidates(newId(), owner.cookie)).statusCode).toBe(404);
    expect((await candidates('nope', owner.cookie)).statusCode).toBe(400);

    // Choosing: another user 403; an index out of range or not a number 400; the owner's choice
    // becomes a new thumbnail with the candidate's picture.
    const before = (await db.selectFrom('videos').select('thumbnail').where('id', '=', id).executeTakeFirstOrThrow()).thumbnail;
    expect((await edit(id, other.cookie, { thumbnailCandidate: '1' })).statusCode).toBe(403);
    for (const bad of ['3', '-1', 'x', '1.5']) {
      const r = await edit(id, owner.cookie, { thumbnailCandidate: bad });
      expect(r.statusCode, bad).toBe(400);
    }
    const both = await app.inject({
      method: 'PATCH',
      url: `/api/video/v/${id}`,
      ...multipart(
        { thumbnailCandidate: '1' },
        { thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' } },
        owner.cookie,
      ),
    });
    expect(both.statusCode).toBe(400);
    const chosen = await edit(id, owner.cookie, { thumbnailCandidate: '1' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const thumbnail: string = chosen.json().data.thumbnail;
    expect(thumbnail).not.toBe(before);
    const served = await app.inject({ method: 'GET', url: thumbnail });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(images[1]!)).toBe(true);
    // The old thumbnail file went.
    expect(await ctx.deps.storage.exists(before)).toBe(false);
    // JSON works as well as multipart.
    const json = await app.inject({
      method: 'PATCH',
      url: `/api/video/v/${id}`,
      headers: { cookie: owner.cookie },
      payload: { thumbnailCandidate: 2 },
    });
    expect(json.statusCode, json.body).toBe(200);
  });

  it("an exclusive video's candidates are reached through its token", async () => {
    const owner = await registerUser(ctx);
    const id = await upload(owner.cookie, { isExclusive: 'true', price: '7' });
    await waitReady(id);
    const urls: string[] = (await candidates(id, owner.cookie)).json().data;
    expect(urls).toHaveLength(3);
    expect(urls[0]).toMatch(new RegExp(`^/media/t/[^/]+/videos/${id}/candidates/candidate_1\\.webp$`));
    expect((await app.inject({ method: 'GET', url: urls[0]!, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: urls[0]! })).statusCode).not.toBe(200);
  });

  it("a live's replay gets its first candidate instead of the dark placeholder, unless its owner chose a thumbnail", async () => {
    const owner = await createUser(db);
    const replay = async (placeholder: boolean) => {
      const id = newId();
      const thumbnail = mediaKeys.thumbnail(id);
      await ctx.deps.storage.putBuffer(thumbnail, testImage());
      const source = mediaKeys.source(id);
      await ctx.deps.storage.putFile(source, await makeClip('replay.mp4', { seconds: 6 }));
      await db
        .insertInto('videos')
        .values({
          id,
          owner_id: owner.id,
          title: 'Replay',
          description: 'Was live',
          thumbnail,
          duration: 0,
          media_key: mediaKeys.videoFolder(id, false),
          source_key: source,
          status: 'processing',
          is_live: true,
          live_state: 'ended',
          stream_key_hash: Buffer.alloc(32),
          thumbnail_placeholder: placeholder,
        })
        .execute();
      await ctx.deps.queue.send('video.transcode', { videoId: id });
      await waitReady(id);
      const row = await db
        .selectFrom('videos')
        .select(['thumbnail', 'thumbnail_placeholder'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { before: thumbnail, after: row };
    };
    const replaced = await replay(true);
    expect(replaced.after.thumbnail).not.toBe(replaced.before);
    expect(replaced.after.thumbnail_placeholder).toBe(false);
    expect(await ctx.deps.storage.exists(replaced.before)).toBe(false);
    const local = ctx.deps.storage.localPath(replaced.after.thumbnail)!;
    expect((await sharp(await fs.readFile(local)).metadata()).width).toBe(640);
    expect(path.basename(local)).toMatch(/\.webp$/);

    const kept = await replay(false);
    expect(kept.after.thumbnail).toBe(kept.before);
  });
});
