import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext } from '../../test/support.ts';
import { createUser, createVideo } from '../../test/factories.ts';
import { createEvents, type Events } from './events.ts';
import { EVENTS_CHANNEL } from './outbox.ts';
import type { DeliveredEvent } from './registry.ts';

// Events are written into the outbox in the transaction of their change and heard after commit by
// every process (here: two Events instances, each with its own LISTEN connection, as two processes).

const silentLog = { info() {}, warn() {}, error() {} };
const ctx = await createTestContext();
const { db } = ctx;
const url = ctx.config.databaseUrl!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** A process's events, with every `video.changed` it hears recorded, and its gaps counted. */
async function process() {
  const events = createEvents(url, { log: silentLog });
  afterAll(() => events.close());
  const heard: DeliveredEvent<'video.changed'>[] = [];
  let gaps = 0;
  events.on('video.changed', (e) => heard.push(e));
  events.onGap(() => (gaps += 1));
  await until(() => events.listening(), 'listening');
  return { events, heard, gaps: () => gaps };
}

const [one, two] = [await process(), await process()];
const owner = await createUser(db);

/** Publishes `video.changed` for `videoId` through `events` in a transaction that commits, or rolls back when `fail`. */
async function publishIn(events: Events, videoId: string, fail = false) {
  await db
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable('videos').set({ title: 'Changed' }).where('id', '=', videoId).execute();
      await events.publish(trx, 'video.changed', { videoId });
      if (fail) throw new Error('rolled back');
    })
    .catch((err: Error) => {
      if (err.message !== 'rolled back') throw err;
    });
}
const heardOf = (p: { heard: DeliveredEvent<'video.changed'>[] }, videoId: string) =>
  p.heard.filter((e) => e.payload.videoId === videoId);

describe('events', () => {
  it('a committed event is written once into the outbox and heard by every process, the publisher included', async () => {
    const videoId = await createVideo(db, owner.id);
    await publishIn(one.events, videoId);
    await until(() => heardOf(one, videoId).length === 1 && heardOf(two, videoId).length === 1, 'both processes');
    const [fromOne] = heardOf(one, videoId);
    expect(heardOf(two, videoId)).toEqual([fromOne]);
    expect(fromOne).toMatchObject({ name: 'video.changed', payload: { videoId } });
    const rows = await db.selectFrom('event_outbox').selectAll().where('id', '=', fromOne!.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'video.changed', payload: { videoId }, relayed_at: null });
  });

  it('a rolled-back change announces nothing, anywhere', async () => {
    const rolledBack = await createVideo(db, owner.id);
    const committed = await createVideo(db, owner.id);
    const outboxBefore = await db
      .selectFrom('event_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await publishIn(two.events, rolledBack, true);
    // Committed after the rollback: once it is heard, anything of the rollback would have been too.
    await publishIn(two.events, committed);
    await until(() => heardOf(one, committed).length === 1 && heardOf(two, committed).length === 1, 'the later event');
    expect(heardOf(one, rolledBack)).toEqual([]);
    expect(heardOf(two, rolledBack)).toEqual([]);
    const outboxAfter = await db
      .selectFrom('event_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(outboxAfter.n)).toBe(Number(outboxBefore.n) + 1);
    expect((await db.selectFrom('videos').select('title').where('id', '=', rolledBack).executeTakeFirstOrThrow()).title).not.toBe(
      'Changed',
    );
  });

  it('caughtUp: once it resolves, every event committed before has reached this process', async () => {
    for (let i = 0; i < 5; i++) {
      const videoId = await createVideo(db, owner.id);
      await publishIn(two.events, videoId); // committed by the other process
      await one.events.caughtUp();
      expect(heardOf(one, videoId)).toHaveLength(1);
    }
  });

  it('refuses a payload its registry entry does not allow, before anything is written', async () => {
    await expect(one.events.publish(db, 'video.changed', { videoId: 'not-an-id' })).rejects.toThrow();
    await expect(
      one.events.publish(db, 'moderation.takedown', {
        targetType: 'x'.repeat(5000),
        targetId: '0190a0c0-0000-7000-8000-000000000000',
      }),
    ).rejects.toThrow(/payload over/);
  });

  it('a lost connection is a gap: not listening, then the gap handlers run when it listens again, and events flow again', async () => {
    const p = await process();
    const gapsBefore = p.gaps();
    const { rows } = await sql<{ pid: number }>`
      SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${`listen ${EVENTS_CHANNEL}`}`.execute(
      db,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const { pid } of rows) await sql`SELECT pg_terminate_backend(${pid})`.execute(db);
    await until(() => !p.events.listening(), 'the lost connection');
    expect(p.gaps()).toBeGreaterThan(gapsBefore); // lost: caches drop what they hold
    await until(() => p.events.listening(), 'listening again');
    expect(p.gaps()).toBeGreaterThanOrEqual(gapsBefore + 2); // and again when listening resumes
    const videoId = await createVideo(db, owner.id);
    await publishIn(one.events, videoId);
    await until(() => heardOf(p, videoId).length === 1, 'an event after the gap');
  });

  it('an unsubscribed handler hears nothing more; a throwing one does not stop the others', async () => {
    const p = await process();
    const seen: string[] = [];
    const off = p.events.on('video.deleted', (e) => seen.push(`a:${e.payload.videoId}`));
    p.events.on('video.deleted', () => {
      throw new Error('subscriber bug');
    });
    p.events.on('video.deleted', (e) => seen.push(`c:${e.payload.videoId}`));
    const first = await createVideo(db, owner.id);
    await p.events.publish(db, 'video.deleted', { videoId: first, ownerId: owner.id });
    await until(() => seen.length === 2, 'both handlers');
    off();
    const second = await createVideo(db, owner.id);
    await p.events.publish(db, 'video.deleted', { videoId: second, ownerId: owner.id });
    await p.events.caughtUp();
    expect(seen).toEqual([`a:${first}`, `c:${first}`, `c:${second}`]);
  });
});
