import { describe, expect, it } from 'vitest';
import { createVideo, type VideoFields } from '../factories.ts';
import { createTestContext, errorEnvelope, registerUser } from '../support.ts';
import { newId } from '../../src/lib/ids.ts';

// GET /api/video/details/:videoId follows the watch call's visibility rule (issue 21, item 5):
// another user read the title, description, thumbnail and owner of videos still processing or
// failed, exclusive ones included, while the watch call answered 404 for the same id.

const ctx = await createTestContext();
const { app } = ctx;
const owner = await registerUser(ctx);
const other = await registerUser(ctx);

const details = (videoId: string, cookie?: string) =>
  app.inject({ method: 'GET', url: `/api/video/details/${videoId}`, headers: cookie ? { cookie } : {} });
const watch = (videoId: string, cookie?: string) =>
  app.inject({ method: 'GET', url: `/api/video/v/${videoId}`, headers: cookie ? { cookie } : {} });

const SECRET = 'Unreleased plans for the sequel';
const kinds: { name: string; fields: Partial<VideoFields>; seenByOthers: boolean }[] = [
  { name: 'ready', fields: {}, seenByOthers: true },
  // Listed with its price in every list, so its card's fields are public.
  { name: 'ready exclusive', fields: { isExclusive: true }, seenByOthers: true },
  { name: 'processing', fields: { status: 'processing' }, seenByOthers: false },
  { name: 'failed', fields: { status: 'failed' }, seenByOthers: false },
  { name: 'processing exclusive', fields: { status: 'processing', isExclusive: true }, seenByOthers: false },
  { name: 'failed exclusive', fields: { status: 'failed', isExclusive: true }, seenByOthers: false },
];

describe('video details follow the watch rule', () => {
  it.each(kinds)('$name: its owner always, others only when listed', async ({ fields, seenByOthers }) => {
    const id = await createVideo(ctx.db, owner.id, { ...fields, title: SECRET, description: SECRET });
    const own = await details(id, owner.cookie);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toMatchObject({ _id: id, title: SECRET, description: SECRET, owner: owner.id });
    expect(own.json().data.thumbnail).toMatch(/^\/media\/thumbnails\//);

    for (const cookie of [other.cookie, undefined]) {
      const res = await details(id, cookie);
      if (seenByOthers) {
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ _id: id, title: SECRET, owner: owner.id });
      } else {
        expect(res.json()).toEqual(errorEnvelope(404, 'Video not found'));
        expect(res.body).not.toContain(SECRET);
        expect(res.body).not.toContain(owner.id);
        // The watch call answers the same id the same way.
        expect((await watch(id, cookie)).statusCode).toBe(404);
      }
    }
  });

  it('a missing video is 404 and a malformed id 400, never a 500', async () => {
    expect((await details(newId(), other.cookie)).json()).toEqual(errorEnvelope(404, 'Video not found'));
    for (const bad of ['not-an-id', "1' OR '1'='1", '%00']) {
      const res = await details(bad, other.cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, success: false });
    }
  });
});
