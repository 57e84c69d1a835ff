import { describe, expect, it } from 'vitest';
import { createPlaylist, createVideo } from '../../../test/factories.ts';
import { createTestContext, errorEnvelope, registerUser } from '../../../test/support.ts';
import type { Role } from '../../db/schema.ts';

/**
 * Staff's content is an admin's to take down or restore, as staff are an admin's to suspend
 * (docs/moderation.md): a moderator may act on a plain user's video, comment, post or playlist only.
 */
const ctx = await createTestContext();
const { app, db } = ctx;
const takedown = (cookie: string, targetType: string, targetId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/takedown',
    headers: { cookie },
    payload: { targetType, targetId, reason: 'Rules' },
  });
const restore = (cookie: string, targetType: string, targetId: string) =>
  app.inject({ method: 'POST', url: '/api/admin/restore', headers: { cookie }, payload: { targetType, targetId } });

async function member(role: Role) {
  const user = await registerUser(ctx);
  if (role !== 'user') await db.updateTable('users').set({ role }).where('id', '=', user.id).execute();
  return user;
}

/** One of each item `owner` can own: a video, a comment on it, a post, a playlist. */
async function contentOf(owner: { id: string; cookie: string }) {
  const video = await createVideo(db, owner.id);
  const comment = await app.inject({
    method: 'POST',
    url: `/api/comment/video/${video}`,
    headers: { cookie: owner.cookie },
    payload: { content: 'Hi' },
  });
  const post = await app.inject({
    method: 'POST',
    url: '/api/post/new',
    headers: { cookie: owner.cookie },
    payload: { content: 'News' },
  });
  return {
    video,
    comment: comment.json().data._id as string,
    post: post.json().data._id as string,
    playlist: await createPlaylist(db, owner.id),
  };
}

describe("taking down staff's content", () => {
  it("a moderator may not take down another moderator's, an admin's or their own content (403); an admin may", async () => {
    const moderator = await member('moderator');
    const admin = await member('admin');
    for (const owner of [await member('moderator'), await member('admin'), moderator]) {
      const items = await contentOf(owner);
      for (const [type, id] of Object.entries(items)) {
        const refused = await takedown(moderator.cookie, type, id);
        expect(refused.json(), `${type} of a ${owner === moderator ? 'moderator (own)' : 'staff member'}`).toEqual(
          errorEnvelope(403, "Only an admin can take down staff's content"),
        );
        expect((await takedown(admin.cookie, type, id)).statusCode, type).toBe(200);
        expect((await restore(moderator.cookie, type, id)).statusCode, type).toBe(403);
        expect((await restore(admin.cookie, type, id)).statusCode, type).toBe(200);
      }
    }
    const audit = await db.selectFrom('audit_log').select('action').where('actor_id', '=', moderator.id).execute();
    expect(audit).toEqual([]);
  });

  it("a moderator still takes down and restores a plain user's content; a missing item is 404", async () => {
    const moderator = await member('moderator');
    const items = await contentOf(await member('user'));
    for (const [type, id] of Object.entries(items)) {
      expect((await takedown(moderator.cookie, type, id)).statusCode, type).toBe(200);
      expect((await restore(moderator.cookie, type, id)).statusCode, type).toBe(200);
    }
    expect((await takedown(moderator.cookie, 'video', '0190a5f0-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });
});
