import fs from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { thumbnailCardOf } from '@streamhub/contract';
import { createVideo } from '../../../test/factories.ts';
import { createTestContext, multipart, registerUser, testImage } from '../../../test/support.ts';

// A thumbnail wider than a card needs is stored with its card copy, 720 px wide, beside it
// (`…-full.webp` and `…-720.webp`): the web app's cards take the copy through `srcset`. The two
// are written, replaced and deleted together.

const ctx = await createTestContext();
const { app, db } = ctx;

const wide = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#2a6f97' } })
  .png()
  .toBuffer();

async function setThumbnail(id: string, cookie: string, image: Buffer) {
  const files = { thumbnail: { data: image, filename: 't.png', type: 'image/png' } };
  const res = await app.inject({ method: 'PATCH', url: `/api/video/v/${id}`, ...multipart({}, files, cookie) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.thumbnail as string;
}

const get = (url: string) => app.inject({ method: 'GET', url });
/** Whether the file a `/media/thumbnails/…` URL names is stored (a process may still answer from memory what it served before). */
const stored = (url: string) =>
  fs.access(ctx.deps.storage.localPath(url.replace(/^\/media\//, ''))!).then(
    () => true,
    () => false,
  );
const cardOf = (url: string) => thumbnailCardOf(url)!;
/** Whether the thumbnail behind `url` and its card copy are stored: both or neither, never one. */
const bothStored = async (url: string) => {
  const [thumbnail, card] = await Promise.all([stored(url), stored(cardOf(url))]);
  expect(card).toBe(thumbnail);
  return thumbnail;
};
/** A new owner's video with a wide thumbnail: the owner, the video and the thumbnail's URL. */
async function videoWithWideThumbnail() {
  const owner = await registerUser(ctx);
  const id = await createVideo(db, owner.id);
  return { owner, id, full: await setThumbnail(id, owner.cookie, wide) };
}
const size = async (body: Buffer) => {
  const { format, width, height } = await sharp(body).metadata();
  return { format, width, height };
};

describe('a thumbnail and its card copy', () => {
  it('a wide thumbnail gets a 720 px copy beside it; a small one none; a replaced one goes with its copy', async () => {
    const { owner, id, full } = await videoWithWideThumbnail();
    expect(full).toMatch(/^\/media\/thumbnails\/[\w-]+-full\.webp$/);
    const [big, card] = await Promise.all([get(full), get(cardOf(full))]);
    expect(big.statusCode).toBe(200);
    expect(await size(big.rawPayload)).toEqual({ format: 'webp', width: 1280, height: 720 });
    expect(card.statusCode).toBe(200);
    expect(await size(card.rawPayload)).toEqual({ format: 'webp', width: 720, height: 405 });
    expect(card.rawPayload.length).toBeLessThan(big.rawPayload.length);
    // Cards and the watch call name the thumbnail itself: the copy is the browser's choice.
    const watch = await app.inject({ method: 'GET', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } });
    expect(watch.json().data.thumbnail).toBe(full);

    // 64×64: no wider than a card, stored alone under a plain name.
    const small = await setThumbnail(id, owner.cookie, testImage());
    expect(small).toMatch(/^\/media\/thumbnails\/[\w-]+\.webp$/);
    expect(small).not.toMatch(/-full\.webp$/);
    expect((await get(small)).statusCode).toBe(200);
    expect(await stored(small)).toBe(true);
    expect(await bothStored(full)).toBe(false);
  });

  it('deleting the video deletes both files', async () => {
    const { owner, id, full } = await videoWithWideThumbnail();
    expect(await bothStored(full)).toBe(true);

    const res = await app.inject({ method: 'DELETE', url: `/api/video/v/${id}`, headers: { cookie: owner.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bothStored(full)).toBe(false);
  });

  it("deleting the account deletes both files of each of its videos' thumbnails", async () => {
    const { owner, full } = await videoWithWideThumbnail();
    expect(await bothStored(full)).toBe(true);

    const res = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: { cookie: owner.cookie },
      payload: { password: owner.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await bothStored(full)).toBe(false);
  });
});
