import { describe, expect, it } from 'vitest';
import { createPosts, createUser, createVideo, createVideos } from '../../../test/factories.ts';
import { createTestContext, errorEnvelope, registerUser } from '../../../test/support.ts';
import type { Role } from '../../db/schema.ts';

// Reports (API.md §12): filed by anyone signed in on what they can see, followed in /mine,
// worked through by moderators in the queue.

const ctx = await createTestContext({ RATE_LIMIT_REPORTS_MAX: '5' });
const { db } = ctx;
const MISSING = '0190a5f0-0000-7000-8000-000000000000';

const call = (method: 'GET' | 'POST', url: string, cookie?: string, json?: unknown) =>
  ctx.app.inject({ method, url, ...(json !== undefined ? { payload: json as object } : {}), headers: cookie ? { cookie } : {} });
const report = (cookie: string | undefined, targetType: string, targetId: string, reason = 'spam', text?: string) =>
  call('POST', '/api/reports', cookie, { targetType, targetId, reason, ...(text ? { text } : {}) });

async function staff(role: Role) {
  const user = await registerUser(ctx);
  await db.updateTable('users').set({ role }).where('id', '=', user.id).execute();
  return user;
}

describe('POST /api/reports', () => {
  it('files one open report per reporter and target, on videos, comments, posts and channels', async () => {
    const owner = await createUser(db);
    const reporter = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id);
    const [postId] = await createPosts(db, owner.id, 1);
    const comment = await call('POST', `/api/comment/video/${videoId}`, (await registerUser(ctx)).cookie, { content: 'hello' });
    const commentId = comment.json().data._id as string;

    const res = await report(reporter.cookie, 'video', videoId, 'rights', 'This is my film');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      _id: expect.any(String),
      targetType: 'video',
      targetId: videoId,
      reason: 'rights',
      text: 'This is my film',
      state: 'open',
      note: null,
      createdAt: expect.any(String),
      resolvedAt: null,
    });
    expect(await report(reporter.cookie, 'video', videoId, 'spam')).toMatchObject({ statusCode: 409 });
    expect((await report(reporter.cookie, 'comment', commentId)).statusCode).toBe(201);
    expect((await report(reporter.cookie, 'post', postId!)).statusCode).toBe(201);
    expect((await report(reporter.cookie, 'channel', owner.id)).statusCode).toBe(201);

    const mine = await call('GET', '/api/reports/mine', reporter.cookie);
    expect(mine.json().data.map((r: { targetType: string; state: string }) => [r.targetType, r.state])).toEqual([
      ['channel', 'open'],
      ['post', 'open'],
      ['comment', 'open'],
      ['video', 'open'],
    ]);
  });

  it('answers 404 for what the reporter cannot see, 401 anonymous, 400 for bad input', async () => {
    const owner = await createUser(db);
    const reporter = await registerUser(ctx);
    const [processing, takenDown] = await createVideos(db, owner.id, [{ status: 'processing' }, {}]);
    await db
      .updateTable('videos')
      .set({ status: 'removed', removed_reason: 'Spam', removed_by: 'takedown', status_before_removal: 'ready' })
      .where('id', '=', takenDown!)
      .execute();
    for (const [type, id] of [
      ['video', processing!],
      ['video', takenDown!],
      ['video', MISSING],
      ['comment', MISSING],
      ['post', MISSING],
      ['channel', MISSING],
    ] as const) {
      expect((await report(reporter.cookie, type, id)).statusCode, `${type} ${id}`).toBe(404);
    }
    const open = await createVideo(db, owner.id);
    expect((await report(undefined, 'video', open)).json()).toEqual(
      errorEnvelope(401, 'Unauthorized request', { reason: 'signin' }),
    );
    for (const body of [
      { targetType: 'video', targetId: open, reason: 'boring' },
      { targetType: 'playlist', targetId: open, reason: 'spam' },
      { targetType: 'video', targetId: 'nope', reason: 'spam' },
      { targetType: 'video', targetId: open, reason: 'spam', text: 'x'.repeat(2001) },
      { targetType: 'video', targetId: open, reason: 'spam', text: 'bell\u0007' },
    ]) {
      const res = await call('POST', '/api/reports', reporter.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    // A field nobody defined is refused without its made-up name coming back.
    const unknown = await call('POST', '/api/reports', reporter.cookie, {
      targetType: 'video',
      targetId: open,
      reason: 'spam',
      'file:///etc/passwd': 1,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: 'body', problem: 'Unknown field' }]);
    expect(unknown.body).not.toContain('passwd');
  });

  it('limits each user to RATE_LIMIT_REPORTS_MAX reports an hour; refused reports do not count', async () => {
    const owner = await createUser(db);
    const reporter = await registerUser(ctx);
    const ids = await createVideos(
      db,
      owner.id,
      Array.from({ length: 6 }, () => ({})),
    );
    expect((await report(reporter.cookie, 'video', MISSING)).statusCode).toBe(404);
    for (const id of ids.slice(0, 5)) expect((await report(reporter.cookie, 'video', id)).statusCode).toBe(201);
    const sixth = await report(reporter.cookie, 'video', ids[5]!);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await report((await registerUser(ctx)).cookie, 'video', ids[5]!)).statusCode).toBe(201);
  });
});

describe('the moderation queue', () => {
  it('shows open reports oldest first with reporter and target in context, filters, and rejects with a note', async () => {
    const owner = await createUser(db);
    const reporter = await registerUser(ctx);
    const moderator = await staff('moderator');
    const videoId = await createVideo(db, owner.id, { title: 'Queue video' });
    await createVideos(
      db,
      owner.id,
      Array.from({ length: 6 }, (_, i) => ({ title: `Channel video ${i}` })),
    );
    const [postId] = await createPosts(db, owner.id, 1);
    const first = (await report(reporter.cookie, 'video', videoId, 'violent')).json().data;
    await report(reporter.cookie, 'post', postId!, 'hateful');
    await report(reporter.cookie, 'channel', owner.id, 'spam');

    const queue = await call('GET', '/api/admin/reports?state=open', moderator.cookie);
    expect(queue.statusCode).toBe(200);
    const mineInQueue = queue.json().data.reports.filter((r: { reporter: { _id: string } }) => r.reporter._id === reporter.id);
    expect(mineInQueue.map((r: { targetType: string }) => r.targetType)).toEqual(['video', 'post', 'channel']);
    expect(mineInQueue[0].target).toMatchObject({
      exists: true,
      owner: { _id: owner.id },
      removedReason: null,
      video: { _id: videoId, title: 'Queue video', status: 'ready', watchUrl: `/video/watch/${videoId}` },
    });
    expect(mineInQueue[1].target.post).toMatchObject({ _id: postId });
    expect(mineInQueue[2].target.channel.recentVideos).toHaveLength(5);

    const videosOnly = await call('GET', '/api/admin/reports?targetType=video&reason=violent', moderator.cookie);
    expect(videosOnly.json().data.reports.every((r: { targetType: string }) => r.targetType === 'video')).toBe(true);
    expect((await call('GET', '/api/admin/reports?state=maybe', moderator.cookie)).statusCode).toBe(400);

    const rejected = await call('POST', `/api/admin/reports/${first._id}/reject`, moderator.cookie, {
      note: 'Fiction, not violence',
    });
    expect(rejected.json().data).toMatchObject({ state: 'rejected', note: 'Fiction, not violence' });
    expect((await call('POST', `/api/admin/reports/${first._id}/reject`, moderator.cookie, {})).statusCode).toBe(409);
    // Unfiltered: open reports first, then the resolved ones.
    const all = (await call('GET', '/api/admin/reports', moderator.cookie)).json().data.reports as {
      _id: string;
      state: string;
    }[];
    const firstResolved = all.findIndex((r) => r.state !== 'open');
    expect(all.findIndex((r) => r._id === first._id)).toBeGreaterThanOrEqual(firstResolved);
    expect(all.slice(firstResolved).every((r) => r.state !== 'open')).toBe(true);
    const noBody = await call('POST', `/api/admin/reports/${MISSING}/reject`, moderator.cookie);
    // No body at all is no note.
    expect(noBody.json()).toEqual(errorEnvelope(404, 'Report not found'));
    const mine = await call('GET', '/api/reports/mine', reporter.cookie);
    expect(mine.json().data.find((r: { _id: string }) => r._id === first._id)).toMatchObject({ state: 'rejected' });
    // A closed report frees the reporter to report the same target again.
    expect((await report(reporter.cookie, 'video', videoId, 'violent')).statusCode).toBe(201);

    const audit = await db.selectFrom('audit_log').selectAll().where('target_id', '=', first._id).execute();
    expect(audit).toMatchObject([{ action: 'report.reject', actor_id: moderator.id, reason: 'Fiction, not violence' }]);
  });

  it('is for moderators and admins only', async () => {
    const user = await registerUser(ctx);
    const admin = await staff('admin');
    expect((await call('GET', '/api/admin/reports')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/reports', user.cookie)).json()).toEqual(errorEnvelope(403, 'Only staff can do this'));
    expect((await call('GET', '/api/admin/reports', admin.cookie)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/reports/${MISSING}/reject`, user.cookie, {})).statusCode).toBe(403);
  });
});
