import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/clips.ts';
import { createVideo } from '../../../test/factories.ts';
import { createTestContext, multipart, registerUser, testImage } from '../../../test/support.ts';
import type { Viewer } from '../sessions/sessions.service.ts';

// The whole way of a notification: the change and its event commit together (the services'
// publish calls), the relay hands the event to the durable subscriber's job, the worker writes
// the notification. Nothing here calls a subscriber by hand.

const ctx = await createTestContext({}, { worker: true });
const { db } = ctx;
const call = (method: 'GET' | 'POST', url: string, cookie: string, json?: unknown) =>
  ctx.app.inject({ method, url, ...(json !== undefined ? { payload: json as object } : {}), headers: { cookie } });

/** The user's notification texts once there are `count` of them (bounded poll: the worker runs them). */
async function texts(userId: string, count: number, ms = 10_000) {
  const started = Date.now();
  for (;;) {
    const { items } = await ctx.deps.services.notifications.page({ _id: userId } as Viewer);
    if (items.length >= count) return items.map((i) => i.text);
    if (Date.now() - started > ms) throw new Error(`${items.length} of ${count} notifications after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('events → durable subscribers → notifications', () => {
  it('a comment, a sale, a takedown and the report it actions each reach their recipient', async () => {
    const creator = await registerUser(ctx, { username: `creator${Date.now()}` });
    const fan = await registerUser(ctx);
    const moderator = await registerUser(ctx);
    await db.updateTable('users').set({ role: 'moderator' }).where('id', '=', moderator.id).execute();
    const open = await createVideo(db, creator.id, { title: 'Open' });
    const paid = await createVideo(db, creator.id, { title: 'Paid', isExclusive: true, priceMinor: 250 });

    expect((await call('POST', `/api/comment/video/${open}`, fan.cookie, { content: 'Great' })).statusCode).toBe(201);
    expect((await call('GET', `/api/purchase/buy/video/${paid}`, fan.cookie)).statusCode).toBe(200);
    expect(await texts(creator.id, 2)).toEqual([
      `${fan.username} bought “Paid” for $2.50`,
      `${fan.username} commented on “Open”`,
    ]);

    expect(
      (await call('POST', '/api/reports', fan.cookie, { targetType: 'video', targetId: open, reason: 'spam' })).statusCode,
    ).toBe(201);
    const down = await call('POST', '/api/admin/takedown', moderator.cookie, {
      targetType: 'video',
      targetId: open,
      reason: 'Spam',
    });
    expect(down.statusCode).toBe(200);
    // The comment on the video taken down drops out of the creator's list; the takedown is theirs.
    expect(await texts(creator.id, 2)).toContain('Your video “Open” was taken down: Spam');
    expect(await texts(fan.id, 1)).toEqual(['Your report on a video was resolved']);
    // The moderator heard of the report (staff are told of new ones), and nothing of their own
    // actions; the buyer hears nothing of their purchase.
    expect((await ctx.deps.services.notifications.page({ _id: moderator.id } as Viewer)).items.map((i) => i.type)).toEqual([
      'report.created',
    ]);
  });

  it('an upload that finishes transcoding: its uploader hears it is ready, its subscribers that it is out', async () => {
    const creator = await registerUser(ctx, { username: `uploader${Date.now()}` });
    const fan = await registerUser(ctx);
    expect((await call('POST', `/api/subscription/channel/${creator.id}`, fan.cookie)).statusCode).toBe(200);
    const clip = await makeClip('notified.mp4', { seconds: 1, width: 160, height: 120 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/video/new',
      ...multipart(
        { title: 'Fresh', description: 'Just encoded' },
        {
          videoFile: { data: await fs.readFile(clip), filename: 'notified.mp4', type: 'video/mp4' },
          thumbnail: { data: testImage(), filename: 't.png', type: 'image/png' },
        },
        creator.cookie,
      ),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await texts(creator.id, 1, 60_000)).toEqual(['Your video “Fresh” is ready']);
    expect(await texts(fan.id, 1)).toEqual([`${creator.username} published “Fresh”`]);
  });
});
