import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPlaylist, createUser, createVideo } from '../../../test/factories.ts';
import { createTestContext, errorEnvelope, registerUser, type TestContext } from '../../../test/support.ts';
import { waitFor } from '../../../test/clips.ts';
import type { Role } from '../../db/schema.ts';
import { createVideosRepo } from '../videos/videos.repo.ts';
import { moveToStateFolder } from '../videos/move-video-folder.ts';

// Takedowns, restores, refunds and suspensions through the real server, database and job worker
// (API.md §12, docs/moderation.md).

const ctx = await createTestContext({}, { worker: true });
const { db } = ctx;
const media = path.join(ctx.dataDir, 'media');
const MISSING = '0190a5f0-0000-7000-8000-000000000000';

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, json?: unknown, c: TestContext = ctx) =>
  c.app.inject({ method, url, ...(json !== undefined ? { payload: json as object } : {}), headers: cookie ? { cookie } : {} });

async function staff(role: Role) {
  const user = await registerUser(ctx);
  await db.updateTable('users').set({ role }).where('id', '=', user.id).execute();
  return user;
}

const exists = (p: string) =>
  fs.access(path.join(media, p)).then(
    () => true,
    () => false,
  );

/** A finished open video with a playlist file in storage, as a transcode leaves it. */
async function storedVideo(ownerId: string, title: string) {
  const id = await createVideo(db, ownerId, { title });
  await db.updateTable('videos').set({ has_mp4: true, has_hls: true }).where('id', '=', id).execute();
  await ctx.deps.storage.putBuffer(`videos/${id}/master.m3u8`, Buffer.from('#EXTM3U\n#EXT-X-VERSION:7\n'));
  return id;
}

const buyVideo = (videoId: string, cookie: string) => call('POST', `/api/purchase/buy/video/${videoId}`, cookie);

/** The state of the one purchase of a playlist. */
const playlistPurchaseStatus = async (playlistId: string) =>
  (await db.selectFrom('purchases').select('status').where('playlist_id', '=', playlistId).executeTakeFirstOrThrow()).status;

describe('report → takedown → restore of a video', () => {
  it('leaves every list, answers 410 with the reason, serves no media byte, shows the owner why; restore puts it back', async () => {
    const owner = await registerUser(ctx);
    const viewer = await registerUser(ctx);
    const moderator = await staff('moderator');
    const title = `Takedown target ${Date.now()}`;
    const videoId = await storedVideo(owner.id, title);
    const playlistId = await createPlaylist(db, owner.id, { videoIds: [videoId] });

    const reported = await call('POST', '/api/reports', viewer.cookie, {
      targetType: 'video',
      targetId: videoId,
      reason: 'violent',
    });
    expect(reported.statusCode).toBe(201);
    expect(reported.json().data).toMatchObject({ targetType: 'video', targetId: videoId, reason: 'violent', state: 'open' });
    expect((await call('GET', `/media/videos/${videoId}/master.m3u8`)).statusCode).toBe(200);

    const down = await call('POST', '/api/admin/takedown', moderator.cookie, {
      targetType: 'video',
      targetId: videoId,
      reason: 'Graphic violence',
    });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ data: {}, success: true });

    // Gone from the list, search, the playlist, the channel's public videos.
    const list = await call('GET', `/api/video?query=${encodeURIComponent(title)}`);
    expect(list.json().data.videos.map((v: { _id: string }) => v._id)).not.toContain(videoId);
    const playlist = await call('GET', `/api/playlist/${playlistId}`, viewer.cookie);
    expect(playlist.json().data.playlist.videos).toEqual([]);
    const channel = await call('GET', `/api/dashboard/videos/${owner.id}`, viewer.cookie);
    expect(channel.json().data.videos).toEqual([]);

    // 410 with the reason, for everyone, the owner included.
    for (const cookie of [undefined, viewer.cookie, owner.cookie]) {
      const watch = await call('GET', `/api/video/v/${videoId}`, cookie);
      expect(watch.statusCode).toBe(410);
      expect(watch.json()).toEqual(errorEnvelope(410, 'This video was removed: Graphic violence'));
    }

    // Not one byte of its media: refused at once, then its files leave the public folder.
    const file = await call('GET', `/media/videos/${videoId}/master.m3u8`);
    expect(file.statusCode).toBe(403);
    expect(file.body).not.toContain('#EXTM3U');
    await waitFor(() => exists(`removed/${videoId}/master.m3u8`), 15_000);
    expect(await exists(`videos/${videoId}`)).toBe(false);

    // The owner sees it removed, with the reason, in their dashboard.
    const dashboard = await call('GET', `/api/dashboard/videos/${owner.id}`, owner.cookie);
    expect(dashboard.json().data.videos).toEqual([
      expect.objectContaining({ _id: videoId, status: 'removed', removedReason: 'Graphic violence' }),
    ]);
    // The report was actioned; its reporter sees that.
    const mine = await call('GET', '/api/reports/mine', viewer.cookie);
    expect(mine.json().data).toEqual([expect.objectContaining({ targetId: videoId, state: 'actioned' })]);

    // A second takedown changes nothing.
    const again = await call('POST', '/api/admin/takedown', moderator.cookie, {
      targetType: 'video',
      targetId: videoId,
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);

    const restored = await call('POST', '/api/admin/restore', moderator.cookie, { targetType: 'video', targetId: videoId });
    expect(restored.statusCode).toBe(200);
    expect((await call('GET', `/api/video/v/${videoId}`, viewer.cookie)).statusCode).toBe(200);
    const back = await call('GET', `/api/video?query=${encodeURIComponent(title)}`);
    expect(back.json().data.videos.map((v: { _id: string }) => v._id)).toContain(videoId);
    await waitFor(() => exists(`videos/${videoId}/master.m3u8`), 15_000);
    expect(await exists(`removed/${videoId}`)).toBe(false);
    await waitFor(async () => (await call('GET', `/media/videos/${videoId}/master.m3u8`)).statusCode === 200, 15_000);

    const audit = await db.selectFrom('audit_log').selectAll().where('target_id', '=', videoId).orderBy('created_at').execute();
    expect(audit.map((a) => [a.action, a.actor_id, a.reason])).toEqual([
      ['takedown', moderator.id, 'Graphic violence'],
      ['restore', moderator.id, ''],
    ]);
  });

  it('a comment or post taken down disappears for everyone but its author, who sees the reason', async () => {
    const owner = await registerUser(ctx);
    const author = await registerUser(ctx);
    const moderator = await staff('moderator');
    const videoId = await createVideo(db, owner.id);
    const comment = await call('POST', `/api/comment/video/${videoId}`, author.cookie, { content: 'rude words' });
    expect(comment.statusCode).toBe(201);
    const commentId = comment.json().data._id as string;
    const post = await call('POST', '/api/post/new', author.cookie, { content: 'a rude post' });
    expect(post.statusCode).toBe(201);
    const postId = post.json().data._id as string;

    for (const [targetType, targetId] of [
      ['comment', commentId],
      ['post', postId],
    ] as const) {
      const res = await call('POST', '/api/admin/takedown', moderator.cookie, { targetType, targetId, reason: 'Abusive' });
      expect(res.statusCode).toBe(200);
    }

    const forOthers = await call('GET', `/api/comment/video/${videoId}`, owner.cookie);
    expect(JSON.stringify(forOthers.json().data)).not.toContain(commentId);
    const forAuthor = await call('GET', `/api/comment/video/${videoId}`, author.cookie);
    expect(JSON.stringify(forAuthor.json().data)).toContain(commentId);
    expect(JSON.stringify(forAuthor.json().data)).toContain('Abusive');

    const postsForOthers = await call('GET', `/api/post/user/${author.id}`, owner.cookie);
    expect(JSON.stringify(postsForOthers.json().data)).not.toContain(postId);
    const postsForAuthor = await call('GET', `/api/post/user/${author.id}`, author.cookie);
    expect(JSON.stringify(postsForAuthor.json().data)).toContain('Abusive');
    // A removed post takes no comments.
    expect((await call('POST', `/api/comment/post/${postId}`, owner.cookie, { content: 'hi' })).statusCode).toBe(404);
  });

  it('refuses callers below moderator and bad input with clear 4xx answers', async () => {
    const owner = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id);
    const body = { targetType: 'video', targetId: videoId, reason: 'spam' };
    expect((await call('POST', '/api/admin/takedown', undefined, body)).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/takedown', owner.cookie, body)).statusCode).toBe(403);
    const moderator = await staff('moderator');
    for (const bad of [
      { ...body, reason: '' },
      { ...body, targetType: 'channel' },
      { ...body, targetId: 'not-an-id' },
      { targetType: 'video', targetId: videoId },
    ]) {
      const res = await call('POST', '/api/admin/takedown', moderator.cookie, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const missing = await call('POST', '/api/admin/takedown', moderator.cookie, { ...body, targetId: MISSING });
    expect(missing.json()).toEqual(errorEnvelope(404, 'Video not found'));
    const notDown = await call('POST', '/api/admin/restore', moderator.cookie, { targetType: 'video', targetId: videoId });
    expect(notDown.statusCode).toBe(409);
  });
});

describe('a video taken down while it encodes', () => {
  it('stays removed when its transcode finishes; the finish is what a restore puts back', async () => {
    const owner = await createUser(db);
    const moderator = await staff('moderator');
    const videoId = await createVideo(db, owner.id, { status: 'processing' });
    const res = await call('POST', '/api/admin/takedown', moderator.cookie, {
      targetType: 'video',
      targetId: videoId,
      reason: 'Spam',
    });
    expect(res.statusCode).toBe(200);

    // What the transcode job writes as it goes (videos.repo.ts).
    const repo = createVideosRepo(db);
    expect(await repo.markPlayable(videoId)).toBe(true);
    expect(await repo.markDone(videoId, 12)).toEqual({ scheduled: false });
    const row = await db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'removed', status_before_removal: 'ready', has_mp4: true, removed_reason: 'Spam' });
    // Finished, its files leave the public folder (the transcode job's last step).
    await ctx.deps.storage.putBuffer(`videos/${videoId}/master.m3u8`, Buffer.from('#EXTM3U\n'));
    await moveToStateFolder({ repo, storage: ctx.deps.storage, events: ctx.deps.events }, videoId);
    expect(await exists(`removed/${videoId}/master.m3u8`)).toBe(true);
    expect(await exists(`videos/${videoId}`)).toBe(false);

    expect(
      (await call('POST', '/api/admin/restore', moderator.cookie, { targetType: 'video', targetId: videoId })).statusCode,
    ).toBe(200);
    expect((await call('GET', `/api/video/v/${videoId}`)).statusCode).toBe(200);
  });
});

describe('refunds', () => {
  it('50 concurrent takedowns of a paid video refund every buyer once; the books balance and the history says refunded', async () => {
    const owner = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 999, title: 'Paid and removed' });
    const buyers = await Promise.all(Array.from({ length: 3 }, () => registerUser(ctx)));
    for (const b of buyers) expect((await buyVideo(videoId, b.cookie)).statusCode).toBe(200);
    const moderators = await Promise.all([staff('moderator'), staff('admin')]);

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', '/api/admin/takedown', moderators[i % 2]!.cookie, {
          targetType: 'video',
          targetId: videoId,
          reason: 'Stolen',
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);

    const purchases = await db.selectFrom('purchases').selectAll().where('video_id', '=', videoId).execute();
    expect(purchases.map((p) => p.status)).toEqual(['refunded', 'refunded', 'refunded']);
    const entries = await db
      .selectFrom('journal_entries')
      .select(['purchase_id', 'kind'])
      .where(
        'purchase_id',
        'in',
        purchases.map((p) => p.id),
      )
      .execute();
    expect(entries.filter((e) => e.kind === 'refund')).toHaveLength(3);
    expect(entries.filter((e) => e.kind === 'sale')).toHaveLength(3);
    const { rows } = await sql<{ total: string }>`SELECT coalesce(sum(amount_minor), 0) AS total FROM journal_lines`.execute(db);
    expect(Number(rows[0]!.total)).toBe(0);
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
    // `npm run ledger:check` itself, on this database.
    const { stdout } = await promisify(execFile)('npx', ['tsx', path.join(import.meta.dirname, '../../ledger-check.ts')], {
      env: { ...process.env, DATABASE_URL: ctx.config.databaseUrl },
    });
    expect(stdout).toMatch(/^ledger ok: \d+ settled purchases, \d+ refunded,/);

    // The creator's earnings went back; the buyer's history shows the refund.
    const earnings = await call('GET', '/api/purchase/earnings', owner.cookie);
    expect(earnings.json().data).toMatchObject({ total: 0, sales: 0 });
    const history = await call('GET', '/api/purchase/track', buyers[0]!.cookie);
    expect(history.json().data.purchasedVideos).toEqual([
      expect.objectContaining({ refunded: true, status: 'refunded', refundReason: 'Stolen', amount: 9.99 }),
    ]);

    // Restoring charges nobody again and gives back no refunded entitlement.
    const moderator = moderators[0]!;
    expect(
      (await call('POST', '/api/admin/restore', moderator.cookie, { targetType: 'video', targetId: videoId })).statusCode,
    ).toBe(200);
    const watch = await call('GET', `/api/video/v/${videoId}`, buyers[0]!.cookie);
    expect(watch.statusCode).toBe(401);
    expect(watch.json().reason).toBe('purchase');
    const after = await db.selectFrom('purchases').select('status').where('video_id', '=', videoId).execute();
    expect(after.map((p) => p.status)).toEqual(['refunded', 'refunded', 'refunded']);
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
  });

  it('taking down an exclusive playlist refunds its buyers; taking down a free video refunds nobody', async () => {
    const owner = await registerUser(ctx);
    const buyer = await registerUser(ctx);
    const moderator = await staff('moderator');
    const paid = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 700 });
    const playlistId = await createPlaylist(db, owner.id, { isExclusive: true, priceMinor: 2500, videoIds: [paid] });
    expect((await call('POST', `/api/purchase/buy/playlist/${playlistId}`, buyer.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/video/v/${paid}`, buyer.cookie)).statusCode).toBe(200);

    const res = await call('POST', '/api/admin/takedown', moderator.cookie, {
      targetType: 'playlist',
      targetId: playlistId,
      reason: 'Scam',
    });
    expect(res.statusCode).toBe(200);
    expect(await playlistPurchaseStatus(playlistId)).toBe('refunded');
    expect((await call('GET', `/api/video/v/${paid}`, buyer.cookie)).statusCode).toBe(401);
    expect((await call('GET', `/api/playlist/${playlistId}`, buyer.cookie)).statusCode).toBe(404);

    const free = await createVideo(db, owner.id);
    await call('POST', '/api/admin/takedown', moderator.cookie, { targetType: 'video', targetId: free, reason: 'Spam' });
    expect(await db.selectFrom('journal_entries').select('id').where('kind', '=', 'refund').execute()).toHaveLength(
      (await db.selectFrom('purchases').select('id').where('status', '=', 'refunded').execute()).length,
    );
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
  });

  it('taking down one video of a bought playlist refunds nobody: the playlist keeps its other videos', async () => {
    const owner = await registerUser(ctx);
    const buyer = await registerUser(ctx);
    const moderator = await staff('moderator');
    const [gone, kept] = [
      await createVideo(db, owner.id, { isExclusive: true, priceMinor: 700 }),
      await createVideo(db, owner.id, { isExclusive: true, priceMinor: 700 }),
    ];
    const playlistId = await createPlaylist(db, owner.id, { isExclusive: true, priceMinor: 2500, videoIds: [gone, kept] });
    expect((await call('POST', `/api/purchase/buy/playlist/${playlistId}`, buyer.cookie)).statusCode).toBe(200);

    const res = await call('POST', '/api/admin/takedown', moderator.cookie, {
      targetType: 'video',
      targetId: gone,
      reason: 'Stolen',
    });
    expect(res.statusCode).toBe(200);
    expect(await playlistPurchaseStatus(playlistId)).toBe('settled');
    expect((await call('GET', `/api/video/v/${kept}`, buyer.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/video/v/${gone}`, buyer.cookie)).statusCode).toBe(410);
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
  });

  it("a creator's delete of a paid video refunds its buyers in full, in the delete's transaction", async () => {
    const owner = await registerUser(ctx);
    const buyer = await registerUser(ctx);
    const videoId = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 1200, title: 'Bought then deleted' });
    expect((await buyVideo(videoId, buyer.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/video/v/${videoId}`, owner.cookie)).statusCode).toBe(200);

    const history = await call('GET', '/api/purchase/track', buyer.cookie);
    expect(history.json().data.purchasedVideos).toEqual([
      expect.objectContaining({
        refunded: true,
        refundReason: 'The creator deleted this video',
        videoId: expect.objectContaining({ title: 'Bought then deleted' }),
      }),
    ]);
    const earnings = await call('GET', '/api/purchase/earnings', owner.cookie);
    expect(earnings.json().data).toMatchObject({ total: 0, sales: 0 });
    expect(await ctx.deps.services.ledger.problems()).toEqual([]);
  });
});

describe('suspensions', () => {
  it('end the sessions, refuse login with the reason, hide the content; unsuspending restores what it hid only', async () => {
    const user = await registerUser(ctx);
    const viewer = await registerUser(ctx);
    const admin = await staff('admin');
    const moderator = await staff('moderator');
    const open = await storedVideo(user.id, `Suspended channel ${Date.now()}`);
    const takenDown = await createVideo(db, user.id);
    const postId = (await call('POST', '/api/post/new', user.cookie, { content: 'my post' })).json().data._id as string;
    await call('POST', '/api/admin/takedown', moderator.cookie, { targetType: 'video', targetId: takenDown, reason: 'Spam' });
    expect((await call('GET', '/api/users/me', user.cookie)).statusCode).toBe(200);

    expect(
      (await call('POST', '/api/reports', viewer.cookie, { targetType: 'channel', targetId: user.id, reason: 'hateful' }))
        .statusCode,
    ).toBe(201);
    const res = await call('POST', `/api/admin/users/${user.id}/suspend`, moderator.cookie, { reason: 'Harassment' });
    expect(res.statusCode).toBe(200);
    const reports = await call('GET', '/api/reports/mine', viewer.cookie);
    expect(reports.json().data).toEqual([expect.objectContaining({ targetType: 'channel', state: 'actioned' })]);

    expect((await call('GET', '/api/users/me', user.cookie)).statusCode).toBe(401);
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    const login = await call('POST', '/api/users/login', undefined, { username: user.username, password: user.password });
    expect(login.json()).toEqual(errorEnvelope(403, 'Account suspended: Harassment'));

    expect((await call('GET', `/api/video/v/${open}`, viewer.cookie)).statusCode).toBe(410);
    expect((await call('GET', `/media/videos/${open}/master.m3u8`)).statusCode).toBe(403);
    expect(JSON.stringify((await call('GET', `/api/post/user/${user.id}`, viewer.cookie)).json())).not.toContain(postId);

    // No body: the reason is optional here.
    const unsuspended = await call('POST', `/api/admin/users/${user.id}/unsuspend`, admin.cookie);
    expect(unsuspended.statusCode).toBe(200);
    const again = await call('POST', '/api/users/login', undefined, { username: user.username, password: user.password });
    expect(again.statusCode).toBe(200);
    expect((await call('GET', `/api/video/v/${open}`, viewer.cookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/video/v/${takenDown}`, viewer.cookie)).statusCode).toBe(410);
    expect(JSON.stringify((await call('GET', `/api/post/user/${user.id}`, viewer.cookie)).json())).toContain(postId);

    const actions = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_id', '=', user.id)
      .orderBy('created_at')
      .execute();
    expect(actions).toEqual([
      { action: 'user.suspend', actor_id: moderator.id },
      { action: 'user.unsuspend', actor_id: admin.id },
    ]);
  });

  it('a takedown restored while its owner is suspended stays hidden until the suspension ends', async () => {
    const user = await createUser(db);
    const moderator = await staff('moderator');
    const videoId = await createVideo(db, user.id);
    const act = (url: string, json: object) => call('POST', url, moderator.cookie, json);
    expect((await act('/api/admin/takedown', { targetType: 'video', targetId: videoId, reason: 'Spam' })).statusCode).toBe(200);
    expect((await act(`/api/admin/users/${user.id}/suspend`, { reason: 'Spam account' })).statusCode).toBe(200);
    expect((await act('/api/admin/restore', { targetType: 'video', targetId: videoId })).statusCode).toBe(200);
    const watch = await call('GET', `/api/video/v/${videoId}`);
    expect(watch.json()).toEqual(errorEnvelope(410, 'This video was removed: its channel is suspended'));
    expect((await act(`/api/admin/users/${user.id}/unsuspend`, {})).statusCode).toBe(200);
    expect((await call('GET', `/api/video/v/${videoId}`)).statusCode).toBe(200);
  });

  it('moderators suspend plain users only; nobody suspends themselves; users cannot suspend', async () => {
    const moderator = await staff('moderator');
    const otherModerator = await staff('moderator');
    const admin = await staff('admin');
    const user = await createUser(db);
    const suspend = (id: string, cookie?: string) =>
      call('POST', `/api/admin/users/${id}/suspend`, cookie, { reason: 'Because' });

    expect((await suspend(user.id)).statusCode).toBe(401);
    expect((await suspend(otherModerator.id, (await registerUser(ctx)).cookie)).statusCode).toBe(403);
    expect((await suspend(otherModerator.id, moderator.cookie)).json()).toEqual(
      errorEnvelope(403, 'Only an admin can suspend staff'),
    );
    expect((await suspend(moderator.id, moderator.cookie)).statusCode).toBe(403);
    expect((await suspend(MISSING, moderator.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/users/${user.id}/suspend`, moderator.cookie, { reason: '' })).statusCode).toBe(400);
    expect((await suspend(user.id, moderator.cookie)).statusCode).toBe(200);
    expect((await suspend(user.id, moderator.cookie)).statusCode).toBe(409);
    expect((await suspend(otherModerator.id, admin.cookie)).statusCode).toBe(200);
  });
});

describe('the audit log', () => {
  it('the database refuses UPDATE and DELETE of its rows', async () => {
    const row = await db.selectFrom('audit_log').select('id').executeTakeFirstOrThrow();
    await expect(db.updateTable('audit_log').set({ reason: 'rewritten' }).where('id', '=', row.id).execute()).rejects.toThrow();
    await expect(db.deleteFrom('audit_log').where('id', '=', row.id).execute()).rejects.toThrow();
  });
});
