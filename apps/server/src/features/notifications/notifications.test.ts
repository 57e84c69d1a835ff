import { describe, expect, it } from 'vitest';
import { createEntitlement, createPosts, createUser, createVideo } from '../../../test/factories.ts';
import { createTestContext, errorEnvelope, registerUser } from '../../../test/support.ts';
import { createDurableSubscribers } from '../../deps.ts';
import type { DeliveredEvent, EventName, EventPayload } from '../../events/registry.ts';
import { newId } from '../../lib/ids.ts';
import type { Viewer } from '../sessions/sessions.service.ts';

// Notifications (API.md §13): each type's recipient and visibility rule, written by the durable
// subscribers (called here as a delivery job calls them), read, counted and marked through the API.

const ctx = await createTestContext();
const { db } = ctx;
const { notifications } = ctx.deps.services;
const subscribers = createDurableSubscribers(ctx.deps, ctx.deps.services);
const job = { attempt: 1, isLastAttempt: false, signal: new AbortController().signal };

/** Delivers an event to every durable subscriber of its name, as the `event.deliver` job does; returns its id. */
async function deliver<N extends EventName>(name: N, payload: EventPayload<N>, id = newId()) {
  for (const s of subscribers.filter((x) => x.event === name)) await s.handle({ id, name, payload } as DeliveredEvent, job);
  return id;
}
const asViewer = (id: string) => ({ _id: id }) as Viewer;
/** A user's notifications as the list shows them (newest first), and the unread count. */
const inbox = (userId: string) => notifications.page(asViewer(userId));
const texts = async (userId: string) => (await inbox(userId)).items.map((i) => i.text);

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, json?: unknown) =>
  ctx.app.inject({ method, url, ...(json !== undefined ? { payload: json as object } : {}), headers: cookie ? { cookie } : {} });

async function comment(ownerId: string, parent: { videoId: string } | { postId: string }, content = 'Nice one') {
  const id = newId();
  const where = 'videoId' in parent ? { video_id: parent.videoId } : { post_id: parent.postId };
  await db
    .insertInto('comments')
    .values({ id, owner_id: ownerId, content, ...where })
    .execute();
  return id;
}
const takeDown = (table: 'videos' | 'comments' | 'posts', id: string, reason = 'Spam') =>
  table === 'videos'
    ? db
        .updateTable('videos')
        .set({ status: 'removed', removed_reason: reason, removed_by: 'takedown', status_before_removal: 'ready' })
        .where('id', '=', id)
        .execute()
    : db.updateTable(table).set({ removed_reason: reason, removed_by: 'takedown' }).where('id', '=', id).execute();

describe('the API', () => {
  it('is for signed-in users only (401), and refuses malformed input (400)', async () => {
    for (const [method, url, json] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread'],
      ['POST', '/api/notifications/read', {}],
      ['GET', '/api/notifications/settings'],
      ['PATCH', '/api/notifications/settings', { types: {} }],
      ['GET', '/api/notifications/stream'],
    ] as const) {
      const res = await call(method, url, undefined, json);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual(errorEnvelope(401, 'Unauthorized request', { reason: 'signin' }));
    }
    const { cookie } = await registerUser(ctx);
    for (const [method, url, json] of [
      ['POST', '/api/notifications/read', { ids: ['not-an-id'] }],
      ['POST', '/api/notifications/read', { ids: Array.from({ length: 101 }, (_, i) => String(i + 1)) }],
      ['POST', '/api/notifications/read', { ids: '1' }],
      ['POST', '/api/notifications/read', { ids: ['99999999999999999999'] }],
      ['POST', '/api/notifications/read', { all: true }],
      ['PATCH', '/api/notifications/settings', { types: { 'video.nonsense': false } }],
      ['PATCH', '/api/notifications/settings', { types: { 'video.ready': 'no' } }],
      ['PATCH', '/api/notifications/settings', {}],
      ['GET', '/api/notifications?page=0'],
      ['GET', '/api/notifications/stream?lastEventId=abc'],
    ] as const) {
      const res = await call(method, url, cookie, json);
      expect(res.statusCode, `${url} ${JSON.stringify(json)}`).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, success: false });
    }
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/stream',
      headers: { cookie, 'last-event-id': '-1' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('lists newest first, 20 a page, marks one or all read, and keeps the unread count', async () => {
    const me = await registerUser(ctx);
    const other = await registerUser(ctx);
    for (let i = 0; i < 22; i++) await deliver('video.ready', { videoId: await createVideo(db, me.id, { title: `Clip ${i}` }) });
    await deliver('video.ready', { videoId: await createVideo(db, other.id) });

    const first = (await call('GET', '/api/notifications', me.cookie)).json().data;
    expect(first.unread).toBe(22);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      type: 'video.ready',
      read: false,
      createdAt: expect.any(String),
      video: { _id: expect.any(String), title: 'Clip 21', thumbnail: expect.stringMatching(/^\/media\/thumbnails\//) },
      text: 'Your video “Clip 21” is ready',
    });
    const second = (await call('GET', '/api/notifications?page=2', me.cookie)).json().data;
    expect(second.items.map((i: { text: string }) => i.text)).toEqual([
      'Your video “Clip 1” is ready',
      'Your video “Clip 0” is ready',
    ]);
    const ids: string[] = first.items.map((i: { _id: string }) => i._id);
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => b - a));

    // Another user's ids are ignored: nobody marks someone else's.
    const theirs = (await inbox(other.id)).items[0]!._id;
    const marked = await call('POST', '/api/notifications/read', me.cookie, { ids: [ids[0], ids[1], theirs] });
    expect(marked.json()).toMatchObject({ statusCode: 200, data: { unread: 20 } });
    expect((await inbox(other.id)).unread).toBe(1);
    expect((await call('GET', '/api/notifications/unread', me.cookie)).json().data).toEqual({ unread: 20 });
    const again = (await call('GET', '/api/notifications', me.cookie)).json().data;
    expect(again.items.slice(0, 3).map((i: { read: boolean }) => i.read)).toEqual([true, true, false]);

    expect((await call('POST', '/api/notifications/read', me.cookie)).json().data).toEqual({ unread: 0 });
    expect((await call('GET', '/api/notifications/unread', me.cookie)).json().data).toEqual({ unread: 0 });
    expect((await inbox(other.id)).unread).toBe(1);
    const row = await db
      .selectFrom('notification_counts')
      .select('unread')
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row.unread).toBe(0);
  });

  it('settings: every type on by default; a PATCH changes the named types only; an off type writes nothing', async () => {
    const me = await registerUser(ctx);
    const initial = (await call('GET', '/api/notifications/settings', me.cookie)).json().data;
    expect(Object.keys(initial.types)).toHaveLength(12);
    expect(Object.values(initial.types).every((on) => on === true)).toBe(true);

    const res = await call('PATCH', '/api/notifications/settings', me.cookie, {
      types: { 'video.ready': false, 'comment.created': false },
    });
    expect(res.json().data.types).toMatchObject({ 'video.ready': false, 'comment.created': false, 'video.failed': true });
    await call('PATCH', '/api/notifications/settings', me.cookie, { types: { 'comment.created': true } });
    const now = (await call('GET', '/api/notifications/settings', me.cookie)).json().data.types;
    expect(now).toMatchObject({ 'video.ready': false, 'comment.created': true });

    await deliver('video.ready', { videoId: await createVideo(db, me.id, { title: 'Muted' }) });
    await deliver('video.failed', { videoId: await createVideo(db, me.id, { title: 'Broken', status: 'failed' }) });
    expect(await texts(me.id)).toEqual(['Your video “Broken” could not be processed']);

    // Another user's settings are theirs alone.
    const other = await registerUser(ctx);
    await deliver('video.ready', { videoId: await createVideo(db, other.id, { title: 'Heard' }) });
    expect(await texts(other.id)).toEqual(['Your video “Heard” is ready']);
  });
});

describe('who hears of what (each type, its recipient and visibility rule)', () => {
  it('video.ready / video.failed: the uploader, not once the video is removed', async () => {
    const owner = await createUser(db);
    const ready = await createVideo(db, owner.id, { title: 'Trip' });
    const failed = await createVideo(db, owner.id, { title: 'Broken', status: 'failed' });
    const removed = await createVideo(db, owner.id, { title: 'Gone' });
    await takeDown('videos', removed);
    await deliver('video.ready', { videoId: ready });
    await deliver('video.failed', { videoId: failed });
    await deliver('video.ready', { videoId: removed });
    expect(await texts(owner.id)).toEqual(['Your video “Broken” could not be processed', 'Your video “Trip” is ready']);
  });

  it('comment.created: the owner of the video or post, with the comment; never for your own comment or hidden content', async () => {
    const owner = await createUser(db, { username: 'olga' });
    const bob = await createUser(db, { username: 'bob' });
    const videoId = await createVideo(db, owner.id, { title: 'Trip' });
    const [postId] = await createPosts(db, owner.id, 1);
    const onVideo = await comment(bob.id, { videoId }, 'Lovely');
    await deliver('comment.created', { commentId: onVideo });
    await deliver('comment.created', { commentId: await comment(bob.id, { postId: postId! }) });
    await deliver('comment.created', { commentId: await comment(owner.id, { videoId }) });

    const { items } = await inbox(owner.id);
    expect(items.map((i) => i.text)).toEqual(['bob commented on your post', 'bob commented on “Trip”']);
    expect(items[1]).toMatchObject({
      type: 'comment.created',
      actor: { _id: bob.id, username: 'bob' },
      video: { _id: videoId, title: 'Trip' },
      comment: { _id: onVideo, content: 'Lovely' },
    });
    expect(items[0]).toMatchObject({ post: { _id: postId } });
    expect(items[0]!.video).toBeUndefined();
    expect((await inbox(bob.id)).items).toEqual([]);

    // Taken down before the subscriber ran: nothing; taken down later: dropped from the list.
    const hidden = await comment(bob.id, { videoId }, 'Spam');
    await takeDown('comments', hidden);
    await deliver('comment.created', { commentId: hidden });
    const removedVideo = await createVideo(db, owner.id);
    await takeDown('videos', removedVideo);
    await deliver('comment.created', { commentId: await comment(bob.id, { videoId: removedVideo }) });
    expect((await inbox(owner.id)).items).toHaveLength(2);
    await takeDown('comments', onVideo);
    expect(await texts(owner.id)).toEqual(['bob commented on your post']);
  });

  it('comment.reply: the author of the top-level comment, with the reply; never for a reply in your own thread', async () => {
    const owner = await createUser(db, { username: 'rita' });
    const ann = await createUser(db, { username: 'ann' });
    const ben = await createUser(db, { username: 'ben' });
    const videoId = await createVideo(db, owner.id, { title: 'Talk' });
    const top = await comment(ann.id, { videoId }, 'First');
    const reply = async (author: string, content: string) => {
      const id = await comment(author, { videoId }, content);
      await db.updateTable('comments').set({ parent_id: top }).where('id', '=', id).execute();
      return id;
    };
    const fromBen = await reply(ben.id, 'Agreed');
    await deliver('comment.replied', { commentId: fromBen });
    await deliver('comment.replied', { commentId: await reply(ann.id, 'Thanks') });
    await deliver('comment.replied', { commentId: top }); // not a reply: nobody

    const { items } = await inbox(ann.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'comment.reply',
      text: 'ben replied to your comment',
      actor: { _id: ben.id },
      comment: { _id: fromBen, content: 'Agreed' },
      video: { _id: videoId },
    });
    expect((await inbox(ben.id)).items).toEqual([]);
    expect((await inbox(owner.id)).items).toEqual([]);
  });

  it('purchase.sold: the seller, with the buyer and the amount; nothing to the buyer', async () => {
    const seller = await createUser(db);
    const buyer = await createUser(db, { username: 'bea' });
    const videoId = await createVideo(db, seller.id, { title: 'Masterclass', isExclusive: true, priceMinor: 500 });
    await deliver('purchase.settled', { purchaseId: await createEntitlement(db, buyer.id, { videoId }) });
    const { items } = await inbox(seller.id);
    expect(items).toEqual([
      expect.objectContaining({
        type: 'purchase.sold',
        actor: expect.objectContaining({ username: 'bea' }),
        video: expect.objectContaining({ _id: videoId }),
        text: 'bea bought “Masterclass” for $5.00',
      }),
    ]);
    expect((await inbox(buyer.id)).items).toEqual([]);
  });

  it('moderation.takedown / restored: the content’s owner, with the reason, even though it is hidden', async () => {
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id, { title: 'Trip' });
    await takeDown('videos', videoId, 'Copyright claim');
    await deliver('moderation.takedown', { targetType: 'video', targetId: videoId });
    const commentId = await comment(owner.id, { videoId: await createVideo(db, (await createUser(db)).id) });
    await takeDown('comments', commentId, 'Rude');
    await deliver('moderation.takedown', { targetType: 'comment', targetId: commentId });
    await db
      .updateTable('users')
      .set({ suspended_reason: 'Spam', suspended_at: new Date() })
      .where('id', '=', owner.id)
      .execute();
    await deliver('moderation.takedown', { targetType: 'channel', targetId: owner.id });
    await db
      .updateTable('videos')
      .set({ status: 'ready', removed_reason: null, removed_by: null, status_before_removal: null })
      .where('id', '=', videoId)
      .execute();
    await deliver('moderation.restored', { targetType: 'video', targetId: videoId });
    expect(await texts(owner.id)).toEqual([
      'Your video “Trip” was restored',
      'Your channel was suspended: Spam',
      'Your comment was taken down: Rude',
      'Your video “Trip” was taken down: Copyright claim',
    ]);
  });

  it('report.resolved: the reporter, naming a video only while it is listed', async () => {
    const reporter = await createUser(db);
    const owner = await createUser(db);
    const report = async (videoId: string) => {
      const id = newId();
      await db
        .insertInto('reports')
        .values({
          id,
          reporter_id: reporter.id,
          target_type: 'video',
          target_id: videoId,
          reason: 'spam',
          state: 'rejected',
          resolved_by: owner.id,
          resolved_at: new Date(),
        })
        .execute();
      return id;
    };
    const kept = await createVideo(db, owner.id, { title: 'Fine' });
    const removed = await createVideo(db, owner.id, { title: 'Secret title' });
    await takeDown('videos', removed);
    await deliver('report.resolved', { reportId: await report(kept) });
    await deliver('report.resolved', { reportId: await report(removed) });
    expect(await texts(reporter.id)).toEqual(['Your report on a video was resolved', 'Your report on “Fine” was resolved']);
  });

  it('video.published: every subscriber of the channel (an exclusive video is a card they may see), nobody else', async () => {
    const channel = await createUser(db, { username: 'chan' });
    const fans = [await createUser(db), await createUser(db)];
    const stranger = await createUser(db);
    for (const fan of fans)
      await db.insertInto('subscriptions').values({ id: newId(), subscriber_id: fan.id, channel_id: channel.id }).execute();
    const videoId = await createVideo(db, channel.id, { title: 'Premium', isExclusive: true, priceMinor: 900 });
    await deliver('video.published', { videoId });
    const processing = await createVideo(db, channel.id, { status: 'processing' });
    await deliver('video.published', { videoId: processing });
    for (const fan of fans) expect(await texts(fan.id)).toEqual(['chan published “Premium”']);
    expect((await inbox(stranger.id)).items).toEqual([]);
    expect((await inbox(channel.id)).items).toEqual([]);

    // Deleted: out of the list and the count at once, and its rows gone once its event is handled.
    expect((await inbox(fans[0]!.id)).unread).toBe(1);
    await db.deleteFrom('videos').where('id', '=', videoId).execute();
    expect(await inbox(fans[0]!.id)).toEqual({ items: [], unread: 0 });
    await deliver('video.deleted', { videoId, ownerId: channel.id });
    expect(await inbox(fans[0]!.id)).toEqual({ items: [], unread: 0 });
    expect(await db.selectFrom('notifications').select('id').where('video_id', '=', videoId).execute()).toEqual([]);
  });

  it('an event delivered twice notifies once (the dedupe key is event and recipient)', async () => {
    const owner = await createUser(db);
    const videoId = await createVideo(db, owner.id);
    const id = await deliver('video.ready', { videoId });
    await deliver('video.ready', { videoId }, id);
    expect(await inbox(owner.id)).toMatchObject({ unread: 1, items: [expect.anything()] });
  });

  it('live.started: a live that starts tells its channel’s subscribers “X is live now”, a type of its own', async () => {
    const channel = await createUser(db, { username: 'caster' });
    const fan = await createUser(db);
    const muted = await createUser(db);
    for (const u of [fan, muted])
      await db.insertInto('subscriptions').values({ id: newId(), subscriber_id: u.id, channel_id: channel.id }).execute();
    await notifications.updateSettings(asViewer(muted.id), { types: { 'live.started': false } });
    const live = await createVideo(db, channel.id, { title: 'Night sky' });
    await db
      .updateTable('videos')
      .set({ is_live: true, live_state: 'live', stream_key_hash: Buffer.alloc(32) })
      .where('id', '=', live)
      .execute();
    await deliver('video.published', { videoId: live });
    const items = (await inbox(fan.id)).items;
    expect(items).toMatchObject([
      { type: 'live.started', text: 'caster is live now: “Night sky”', actor: { _id: channel.id }, video: { _id: live } },
    ]);
    // Turning live.started off mutes lives only: an ordinary upload still arrives.
    expect((await inbox(muted.id)).items).toEqual([]);
    await deliver('video.published', { videoId: await createVideo(db, channel.id, { title: 'Upload' }) });
    expect(await texts(muted.id)).toEqual(['caster published “Upload”']);
  });

  it('report.created: every moderator and admin but the reporter, one waiting notification until read, never plain users', async () => {
    const mod = await registerUser(ctx);
    const admin = await registerUser(ctx);
    const quietAdmin = await createUser(db);
    const plain = await registerUser(ctx);
    const owner = await createUser(db);
    for (const [id, role] of [
      [mod.id, 'moderator'],
      [admin.id, 'admin'],
      [quietAdmin.id, 'admin'],
    ] as const)
      await db.updateTable('users').set({ role }).where('id', '=', id).execute();
    await notifications.updateSettings(asViewer(quietAdmin.id), { types: { 'report.created': false } });
    const video = await createVideo(db, owner.id, { title: 'Suspicious' });

    // Through the API: a report announces itself, and its delivery tells the staff.
    const filed = await call('POST', '/api/reports', plain.cookie, { targetType: 'video', targetId: video, reason: 'spam' });
    expect(filed.statusCode).toBe(201);
    const event = await db
      .selectFrom('event_outbox')
      .select(['id', 'payload'])
      .where('name', '=', 'report.created')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(event.payload).toEqual({ reportId: filed.json().data._id });
    await deliver('report.created', { reportId: filed.json().data._id });
    for (const staff of [mod, admin]) {
      const data = (await call('GET', '/api/notifications', staff.cookie)).json().data;
      expect(data.unread).toBe(1);
      expect(data.items).toMatchObject([{ type: 'report.created', text: 'New report to review: a video (spam)' }]);
    }
    expect((await inbox(quietAdmin.id)).items).toEqual([]);
    expect((await inbox(plain.id)).items).toEqual([]);

    // Batched: a second report while the first waits unread adds nothing; once read, the next one does.
    const second = await call('POST', '/api/reports', admin.cookie, { targetType: 'video', targetId: video, reason: 'rights' });
    expect(second.statusCode).toBe(201);
    await deliver('report.created', { reportId: second.json().data._id });
    expect((await inbox(mod.id)).items).toHaveLength(1);
    await call('POST', '/api/notifications/read', mod.cookie);
    const third = await call('POST', '/api/reports', admin.cookie, {
      targetType: 'channel',
      targetId: owner.id,
      reason: 'rules',
    });
    await deliver('report.created', { reportId: third.json().data._id });
    expect(await texts(mod.id)).toEqual(['New report to review: a channel (rules)', 'New report to review: a video (spam)']);
    // The reporter is not told of their own report, even as staff.
    expect((await inbox(admin.id)).items).toHaveLength(1);
  });

  it('the unread count agrees with the list: a notification whose target was taken down neither shows nor counts', async () => {
    const owner = await registerUser(ctx);
    const fan = await createUser(db);
    const videoId = await createVideo(db, owner.id, { title: 'Mine' });
    const postId = (await createPosts(db, owner.id, 1))[0]!;
    const onVideo = await comment(fan.id, { videoId });
    const onPost = await comment(fan.id, { postId });
    await deliver('comment.created', { commentId: onVideo });
    await deliver('comment.created', { commentId: onPost });
    const unread = async () => (await call('GET', '/api/notifications/unread', owner.cookie)).json().data.unread;
    expect(await unread()).toBe(2);
    await takeDown('comments', onPost);
    expect(await unread()).toBe(1);
    expect((await call('GET', '/api/notifications', owner.cookie)).json().data).toMatchObject({ unread: 1, items: [{}] });
    await takeDown('comments', onVideo);
    expect(await unread()).toBe(0);
    expect((await call('GET', '/api/notifications', owner.cookie)).json().data).toEqual({ items: [], unread: 0 });
  });
});
