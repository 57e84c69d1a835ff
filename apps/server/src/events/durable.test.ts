import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext } from '../../test/support.ts';
import { createUser, createVideo } from '../../test/factories.ts';
import { createJobQueue, type JobQueue } from '../jobs/queue.ts';
import type { JobHandlers } from '../jobs/registry.ts';
import { createEvents } from './events.ts';
import { createEventDeliveryHandler, startRelay, type DurableSubscriber } from './durable.ts';

// Durable subscribers get every committed event at least once, through the job queue, after the
// relay moved it from the outbox in the transaction that enqueued its jobs; their handlers are
// idempotent, so the effect is exactly once. A second queue + Events stands for a restarted process.

const silentLog = { info() {}, warn() {}, error() {} };
const ctx = await createTestContext();
const { db, config } = ctx;
const url = config.databaseUrl!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

// What a subscriber's effect looks like: one row per (event, subscriber), written idempotently.
await sql`CREATE TABLE test_effects (event_id text, subscriber text, video_id uuid, PRIMARY KEY (event_id, subscriber))`.execute(
  db,
);
const effects = async (videoId: string) =>
  (
    await sql<{
      subscriber: string;
    }>`SELECT subscriber FROM test_effects WHERE video_id = ${videoId} ORDER BY subscriber`.execute(db)
  ).rows.map((r) => r.subscriber);

/** Calls per event id, and a gate a test can close to hold handlers mid-way. */
const calls = new Map<string, number>();
let hold: ((signal: AbortSignal) => Promise<void>) | undefined;

function recorder(name: string): DurableSubscriber<'video.changed'> {
  return {
    name,
    event: 'video.changed',
    async handle(event, ctx) {
      calls.set(`${name}:${event.id}`, (calls.get(`${name}:${event.id}`) ?? 0) + 1);
      if (hold) await hold(ctx.signal);
      await sql`INSERT INTO test_effects VALUES (${event.id}, ${name}, ${event.payload.videoId}) ON CONFLICT DO NOTHING`.execute(
        db,
      );
    },
  };
}
const subscribers = [recorder('record-changed-video'), recorder('record-changed-video-again')];

/** A worker process: its own queue and events, running `event.deliver` and the relay. */
async function workerProcess(opts: { queue?: JobQueue } = {}) {
  const queue = opts.queue ?? (await createJobQueue(url, config));
  const events = createEvents(url, { log: silentLog });
  const idle = async () => {};
  const handlers: JobHandlers = {
    'video.transcode': idle,
    'video.transcode.dead': idle,
    'video.media.move': idle,
    'video.publish': idle,
    'video.transcribe': idle,
    'event.deliver': createEventDeliveryHandler(subscribers, silentLog),
    'mail.send': async () => {},
    'mail.password-reset': async () => {},
    'mail.verify-email': async () => {},
    'mail.change-email': async () => {},
    'mail.digest': async () => {},
    'account.export': async () => {},
  };
  await queue.work(handlers, silentLog);
  const relay = startRelay({ db, queue, events, subscribers, log: silentLog, pollMs: 200 });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await queue.stop();
    await events.close();
  };
  afterAll(stop);
  return { queue, events, relay, stop };
}

const owner = await createUser(db);
const deliverJobs = async (eventId: string) =>
  (
    await sql<{
      state: string;
    }>`SELECT state FROM pgboss.job WHERE name = 'event.deliver' AND data->>'eventId' = ${eventId}`.execute(db)
  ).rows;
const eventIdOf = async (videoId: string) =>
  (await sql<{ id: string }>`SELECT id FROM event_outbox WHERE payload->>'videoId' = ${videoId}`.execute(db)).rows.map(
    (r) => r.id,
  );

describe('durable subscribers', () => {
  it('get a committed event once each, after commit; a rolled-back one never', async () => {
    const worker = await workerProcess();
    const committed = await createVideo(db, owner.id);
    const rolledBack = await createVideo(db, owner.id);
    await db.transaction().execute((trx) => worker.events.publish(trx, 'video.changed', { videoId: committed }));
    await db
      .transaction()
      .execute(async (trx) => {
        await worker.events.publish(trx, 'video.changed', { videoId: rolledBack });
        throw new Error('rolled back');
      })
      .catch(() => {});
    await until(async () => (await effects(committed)).length === 2, 'both subscribers');
    expect(await effects(committed)).toEqual(['record-changed-video', 'record-changed-video-again']);
    const [eventId] = await eventIdOf(committed);
    expect(calls.get(`record-changed-video:${eventId}`)).toBe(1);
    const jobs = await deliverJobs(eventId!);
    expect(jobs).toHaveLength(2); // one job per subscriber, never two for one
    const row = await db.selectFrom('event_outbox').select('relayed_at').where('id', '=', eventId!).executeTakeFirstOrThrow();
    expect(row.relayed_at).not.toBeNull();
    expect(await eventIdOf(rolledBack)).toEqual([]);
    await worker.relay.relayNow();
    expect(await effects(rolledBack)).toEqual([]);
    await worker.stop();
  });

  it('a relay killed mid-pass sends nothing; the next relay (after a restart) sends every event once', async () => {
    // A relay whose queue dies after its first job: its transaction never commits.
    const real = await createJobQueue(url, config);
    let sends = 0;
    const dying: JobQueue = {
      ...real,
      async send(name, payload, opts) {
        if (++sends > 1) throw new Error('process killed');
        return real.send(name, payload, opts);
      },
    };
    const videos = [await createVideo(db, owner.id), await createVideo(db, owner.id)];
    for (const videoId of videos) await writeOutside(videoId);
    const broken = startRelay({ db, queue: dying, events: createEvents(url, { log: silentLog }), subscribers, log: silentLog });
    await broken.relayNow();
    expect(sends).toBeGreaterThan(1);
    for (const videoId of videos) {
      const [eventId] = await eventIdOf(videoId);
      expect(await deliverJobs(eventId!)).toEqual([]); // the first job went with the rollback
      expect(
        (await db.selectFrom('event_outbox').select('relayed_at').where('id', '=', eventId!).executeTakeFirstOrThrow())
          .relayed_at,
      ).toBeNull();
    }
    await real.stop();

    const restarted = await workerProcess();
    await until(async () => (await Promise.all(videos.map(effects))).every((e) => e.length === 2), 'delivery after the restart');
    for (const videoId of videos) {
      const [eventId] = await eventIdOf(videoId);
      expect(await deliverJobs(eventId!)).toHaveLength(2);
      for (const s of subscribers) expect(calls.get(`${s.name}:${eventId}`)).toBe(1);
    }
    await restarted.stop();
  });

  it('a handler stopped mid-way runs again in the next process; its effect stays once', async () => {
    const videoId = await createVideo(db, owner.id);
    let entered = 0;
    hold = (signal) =>
      new Promise((_, reject) => {
        entered += 1;
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
    const first = await workerProcess();
    await writeOutside(videoId);
    await until(() => entered === 1, 'a handler running');
    await first.stop(); // the process goes while a handler runs: its job returns to the queue
    hold = undefined;
    const [eventId] = await eventIdOf(videoId);
    expect(await effects(videoId)).toEqual([]);

    const second = await workerProcess();
    await until(async () => (await effects(videoId)).length === 2, 'the redelivery');
    const counts = subscribers.map((s) => calls.get(`${s.name}:${eventId}`));
    expect(counts.sort()).toEqual([1, 2]); // the interrupted one ran again: at least once…
    // …and once in effect, even when a completed delivery comes again (a retry after a lost ack).
    await createEventDeliveryHandler(subscribers, silentLog)(
      { eventId: eventId!, name: 'video.changed', payload: { videoId }, subscriber: subscribers[0]!.name },
      { attempt: 2, isLastAttempt: false, signal: new AbortController().signal },
    );
    expect(await effects(videoId)).toEqual(['record-changed-video', 'record-changed-video-again']);
    await second.stop();
  });

  it('drops a delivery for a subscriber or event this version does not have, and refuses duplicate names', async () => {
    const handler = createEventDeliveryHandler(subscribers, silentLog);
    const ctx = { attempt: 1, isLastAttempt: true, signal: new AbortController().signal };
    const videoId = await createVideo(db, owner.id);
    await handler(
      { eventId: 'gone-subscriber', name: 'video.changed', payload: { videoId }, subscriber: 'no-such-subscriber' },
      ctx,
    );
    await handler(
      { eventId: 'bad-payload', name: 'video.changed', payload: { videoId: 'x' }, subscriber: subscribers[0]!.name },
      ctx,
    );
    expect(await effects(videoId)).toEqual([]);
    expect(() => createEventDeliveryHandler([subscribers[0]!, subscribers[0]!], silentLog)).toThrow(/Two durable subscribers/);
    expect(() => createEventDeliveryHandler([{ ...subscribers[0]!, name: 'Not Kebab' }], silentLog)).toThrow(/kebab-case/);
  });

  it('deletes relayed events once they are older than a day, never unrelayed ones', async () => {
    const [old, fresh] = [await createVideo(db, owner.id), await createVideo(db, owner.id)];
    await writeOutside(old);
    await writeOutside(fresh);
    const worker = await workerProcess();
    await worker.relay.relayNow();
    await sql`UPDATE event_outbox SET relayed_at = now() - interval '25 hours' WHERE payload->>'videoId' = ${old}`.execute(db);
    const unrelayed = await createVideo(db, owner.id);
    await sql`INSERT INTO event_outbox (id, name, payload, created_at) VALUES (gen_random_uuid(), 'video.changed', ${JSON.stringify({ videoId: unrelayed })}::jsonb, now() - interval '3 days')`.execute(
      db,
    );
    await worker.stop();
    const { outbox } = await import('./outbox.ts');
    expect(await outbox.deleteRelayedBefore(db, 86_400_000)).toBeGreaterThanOrEqual(1);
    expect(await eventIdOf(old)).toEqual([]);
    expect(await eventIdOf(fresh)).toHaveLength(1);
    expect(await eventIdOf(unrelayed)).toHaveLength(1);
    await sql`DELETE FROM event_outbox WHERE payload->>'videoId' = ${unrelayed}`.execute(db);
  });
});

/** Publishes `video.changed` from a process that is not running the relay (a plain API process). */
async function writeOutside(videoId: string) {
  const events = createEvents(url, { log: silentLog });
  await db.transaction().execute((trx) => events.publish(trx, 'video.changed', { videoId }));
  await events.close();
}
