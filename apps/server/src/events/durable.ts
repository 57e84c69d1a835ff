import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { JobContext, JobHandlers } from '../jobs/registry.ts';
import type { Events } from './events.ts';
import { outbox } from './outbox.ts';
import { eventDefinitions, type DeliveredEvent, type EventName } from './registry.ts';

export interface DurableSubscriber<N extends EventName = EventName> {
  /** Stable kebab-case name, e.g. 'notify-subscribers-of-published-video'; the idempotence key is (event id, subscriber name). */
  name: string;
  event: N;
  /** At least once, after commit, in a worker process through pg-boss; must be idempotent. */
  handle(event: DeliveredEvent<N>, ctx: JobContext): Promise<void>;
}

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The subscribers by name, each name checked once at start (a duplicate would share idempotence keys). */
function byName(subscribers: DurableSubscriber[]): Map<string, DurableSubscriber> {
  const map = new Map<string, DurableSubscriber>();
  for (const s of subscribers) {
    if (!KEBAB.test(s.name)) throw new Error(`Durable subscriber name must be kebab-case: ${s.name}`);
    if (map.has(s.name)) throw new Error(`Two durable subscribers are named ${s.name}`);
    map.set(s.name, s);
  }
  return map;
}

/**
 * The `event.deliver` job: hands its event to the subscriber it names. A subscriber this version
 * no longer has, or an event it no longer knows, is logged and dropped (the job completes);
 * a handler's failure fails the job, which pg-boss retries with backoff.
 */
export function createEventDeliveryHandler(subscribers: DurableSubscriber[], log: Log): JobHandlers['event.deliver'] {
  const named = byName(subscribers);
  return async (job, ctx) => {
    const subscriber = named.get(job.subscriber);
    const payload = eventDefinitions[job.name as EventName]?.payload.safeParse(job.payload);
    if (!subscriber || subscriber.event !== job.name || !payload?.success) {
      log.warn(
        { eventId: job.eventId, name: job.name, subscriber: job.subscriber },
        'event delivery dropped: no such subscriber or event',
      );
      return;
    }
    await subscriber.handle({ id: job.eventId, name: subscriber.event, payload: payload.data }, ctx);
  };
}

export interface RelayOptions {
  db: Db;
  queue: Pick<JobQueue, 'send' | 'nudge' | 'stopped'>;
  events: Pick<Events, 'on' | 'onGap'>;
  subscribers: DurableSubscriber[];
  log: Log;
  /** A pass runs this often even when no notification woke it (one was missed, or a relay died mid-pass). */
  pollMs?: number;
  /** Events per transaction. */
  batch?: number;
  /** Relayed events are deleted this long after (their jobs carry them). */
  keepMs?: number;
}

/**
 * The relay: committed outbox rows → one `event.deliver` job per durable subscriber of their
 * event, enqueued in the transaction that marks the rows relayed. Either both commit or neither
 * does, so an event's jobs are sent exactly once whatever dies when: a relay killed mid-pass
 * leaves its rows unrelayed (and unlocked) for the next pass, here or in another process
 * (`FOR UPDATE SKIP LOCKED` lets relays in several workers share the rows). Woken by the events
 * themselves, and every `pollMs`; stops with the queue. Runs in processes that run jobs.
 */
export function startRelay({
  db,
  queue,
  events,
  subscribers,
  log,
  pollMs = 2000,
  batch = 200,
  keepMs = 86_400_000,
}: RelayOptions) {
  const byEvent = new Map<string, DurableSubscriber[]>();
  for (const s of byName(subscribers).values()) byEvent.set(s.event, [...(byEvent.get(s.event) ?? []), s]);
  let running: Promise<void> | undefined;
  let again = false;
  let lastSweep = 0;
  const stopped = queue.stopped;

  /** One transaction: up to `batch` rows locked, their jobs sent, the rows marked. */
  async function pass(): Promise<number> {
    const { rows, jobs } = await db.transaction().execute(async (trx) => {
      const rows = await outbox.lockUnrelayed(trx, batch);
      let jobs = 0;
      for (const row of rows) {
        for (const s of byEvent.get(row.name) ?? []) {
          await queue.send(
            'event.deliver',
            { eventId: row.id, name: row.name, payload: row.payload, subscriber: s.name },
            { trx },
          );
          jobs += 1;
        }
      }
      await outbox.markRelayed(
        trx,
        rows.map((r) => r.id),
      );
      return { rows: rows.length, jobs };
    });
    if (jobs) queue.nudge('event.deliver');
    return rows;
  }

  async function drain() {
    do {
      again = false;
      while (!stopped.aborted && (await pass()) === batch);
    } while (again && !stopped.aborted);
    if (Date.now() - lastSweep > Math.min(keepMs, 600_000)) {
      lastSweep = Date.now();
      await outbox.deleteRelayedBefore(db, keepMs);
    }
  }

  /** Runs a pass now, or right after the one running (which may have missed what woke us). */
  function wake(): Promise<void> {
    if (stopped.aborted) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((err: unknown) => {
        if (!stopped.aborted) log.warn({ err: String(err) }, 'event relay pass failed; tried again');
      })
      .finally(() => (running = undefined));
    return running;
  }

  const unsubscribe = [...byEvent.keys()].map((name) => events.on(name as EventName, () => void wake()));
  unsubscribe.push(events.onGap(() => void wake()));
  const timer = setInterval(() => void wake(), pollMs);
  timer.unref();
  stopped.addEventListener('abort', () => {
    clearInterval(timer);
    for (const off of unsubscribe) off();
  });
  void wake();
  return {
    /** A pass now (tests, and a worker that wants its backlog relayed before it goes on). */
    relayNow: wake,
  };
}
