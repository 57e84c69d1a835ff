import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createUser, createVideo } from '../../../test/factories.ts';
import { createTestContext } from '../../../test/support.ts';
import { newId } from '../../lib/ids.ts';
import type { NotificationsService } from './notifications.service.ts';
import { notifySubscribersOfPublishedVideo } from './subscribers/notify-subscribers-of-published-video.ts';

// The fan-out of a published video to its channel's subscribers: batches of their own
// transactions in a job, resumed after a kill, never twice for one subscriber.

const ctx = await createTestContext();
const { db } = ctx;
const { notifications } = ctx.deps.services;
const SUBSCRIBERS = 12_000;
const MUTED = 100;
const BATCH = 5000;

/** A channel with `count` subscribers (rows made by generate_series, not one by one); the first `muted` turned the type off. */
async function channelWithSubscribers(count: number, muted: number) {
  const channel = await createUser(db, { username: `chan${Date.now()}` });
  await sql`
    WITH made AS (
      INSERT INTO users (id, username, email, fullname, avatar, password_hash)
      SELECT gen_random_uuid(), 'fan' || i || ${channel.id}::text, 'fan' || i || ${channel.id}::text || '@example.com',
             'Fan ' || i, 'avatars/fan.webp', 'not-a-hash'
      FROM generate_series(1, ${count}) AS i
      RETURNING id
    )
    INSERT INTO subscriptions (id, subscriber_id, channel_id) SELECT gen_random_uuid(), id, ${channel.id} FROM made`.execute(db);
  await sql`
    INSERT INTO notification_settings (user_id, type, enabled)
    SELECT subscriber_id, 'video.published', false FROM subscriptions WHERE channel_id = ${channel.id}
    ORDER BY subscriber_id LIMIT ${muted}`.execute(db);
  return channel;
}

/** The subscriber with its batches counted, and an abort after `abortAfter` batches (a killed job). */
function countedFanOut(abortAfter = Infinity) {
  const calls: (string | null)[] = [];
  const controller = new AbortController();
  const counted: Pick<NotificationsService, 'fanOutBatch' | 'lastNotified'> = {
    lastNotified: notifications.lastNotified,
    async fanOutBatch(eventId, videoId, after, limit) {
      calls.push(after);
      const batch = await notifications.fanOutBatch(eventId, videoId, after, limit);
      if (calls.length >= abortAfter) controller.abort(new Error('killed'));
      return batch;
    },
  };
  const subscriber = notifySubscribersOfPublishedVideo({ notifications: counted, batchSize: BATCH });
  const ctx = { attempt: 1, isLastAttempt: false, signal: controller.signal };
  return {
    calls,
    run: (event: { id: string; videoId: string }) =>
      subscriber.handle({ id: event.id, name: 'video.published', payload: { videoId: event.videoId } }, ctx),
  };
}

const written = async (eventId: string) =>
  Number(
    (
      await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('video.published fan-out', () => {
  it(`notifies ${SUBSCRIBERS} subscribers in batches of ${BATCH}, resumes after a kill, and never twice`, async () => {
    const channel = await channelWithSubscribers(SUBSCRIBERS, MUTED);
    const event = { id: newId(), videoId: await createVideo(db, channel.id, { title: 'Launch' }) };

    // Killed after its first batch: that batch is committed, nothing else.
    const killed = countedFanOut(1);
    await expect(killed.run(event)).rejects.toThrow('killed');
    expect(await written(event.id)).toBe(BATCH - MUTED);

    // Run again (the job's retry): it starts after the last subscriber notified, then finishes.
    const started = Date.now();
    const retry = countedFanOut();
    await retry.run(event);
    const ms = Date.now() - started;
    expect(retry.calls[0]).not.toBeNull();
    expect(retry.calls).toHaveLength(Math.ceil((SUBSCRIBERS - BATCH) / BATCH) + 1);
    expect(await written(event.id)).toBe(SUBSCRIBERS - MUTED);
    expect(ms).toBeLessThan(10_000);

    // Every notified subscriber's unread count is exactly 1; the muted ones have none.
    const { rows } = await sql<{ unread: number; users: number }>`
      SELECT c.unread, count(*)::int AS users FROM subscriptions s
      LEFT JOIN notification_counts c ON c.user_id = s.subscriber_id
      WHERE s.channel_id = ${channel.id} GROUP BY c.unread ORDER BY c.unread`.execute(db);
    expect(rows).toEqual([
      { unread: 1, users: SUBSCRIBERS - MUTED },
      { unread: null, users: MUTED },
    ]);

    // Delivered again (at least once): it resumes after the last one and writes nothing; a batch
    // walked again from the first subscriber writes nothing either (the dedupe key).
    const again = countedFanOut();
    await again.run(event);
    expect(again.calls).toHaveLength(1);
    expect((await notifications.fanOutBatch(event.id, event.videoId, null, BATCH)).written).toBe(0);
    expect(await written(event.id)).toBe(SUBSCRIBERS - MUTED);
  });

  it('writes nothing for a video that is not listed (removed while the job waited)', async () => {
    const channel = await channelWithSubscribers(10, 0);
    const videoId = await createVideo(db, channel.id, { status: 'processing' });
    const event = { id: newId(), videoId };
    await countedFanOut().run(event);
    expect(await written(event.id)).toBe(0);
  });
});
