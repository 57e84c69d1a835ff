import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { createListener } from '../db/listener.ts';
import { EVENTS_CHANNEL, writeEvent } from './outbox.ts';
import { eventDefinitions, type DeliveredEvent, type EventName, type EventPayload } from './registry.ts';

export interface Events {
  /** Writes the event into the outbox on `q`: pass the transaction of the change it announces (a unit of work's trx). A rolled-back change announces nothing. */
  publish<N extends EventName>(q: Db, name: N, payload: EventPayload<N>): Promise<void>;
  /** In-process subscriber: runs in THIS process after the commit of every `name` event published by ANY process (one shared LISTEN connection per process). Returns the unsubscribe. */
  on<N extends EventName>(name: N, handler: (event: DeliveredEvent<N>) => void): () => void;
  /** Runs when this process may have missed events (not listening, or listening again after a lost connection): caches drop everything they hold. */
  onGap(handler: () => void): () => void;
  /** True while this process hears every committed event. */
  listening(): boolean;
  /**
   * Resolves once every event committed before the call has reached this process's subscribers
   * (one round trip on the listening connection, shared by concurrent callers); at once when not
   * listening. A request that published awaits it before its reply goes (`hearOwnEventsBeforeReplying`).
   */
  caughtUp(): Promise<void>;
  /** How many events this process has published so far (the reply hook compares two readings). */
  published(): number;
  close(): Promise<void>;
}

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * The events of one process on the database at `url`. Publishing writes the outbox row (its
 * trigger notifies on commit); delivery comes from one LISTEN connection (db/listener.ts: its own
 * session outside the pool, reconnected with backoff, a heartbeat for half-open sockets), opened
 * at once. Each notification is the whole event, so nothing is read per event.
 * Handlers run in the order they subscribed; one that throws is logged and the others still run.
 */
export function createEvents(url: string, { log }: { log: Log }): Events {
  const handlers = new Map<EventName, Set<(event: DeliveredEvent) => void>>();
  const gapHandlers = new Set<() => void>();
  let published = 0;
  const listener = createListener(url, EVENTS_CHANNEL, { log, onLost: gap });

  function gap() {
    for (const handler of gapHandlers) safely(handler, 'gap');
  }

  function safely(run: () => void, name: string) {
    try {
      run();
    } catch (err) {
      log.error({ err, event: name }, 'event subscriber failed');
    }
  }

  /** A notification's text → the event, or null (logged) when it names no event of this version. */
  function parse(message: string): DeliveredEvent | null {
    try {
      const raw = JSON.parse(message) as { id: string; name: string; payload: unknown };
      const definition = eventDefinitions[raw.name as EventName];
      const payload = definition?.payload.safeParse(raw.payload);
      if (payload?.success) return { id: raw.id, name: raw.name as EventName, payload: payload.data };
    } catch {
      // reported below
    }
    log.warn({ message: message.slice(0, 200) }, 'unknown event ignored');
    return null;
  }

  function receive(message: string | null) {
    // null: listening (again); whatever was committed meanwhile went unheard.
    if (message === null) return gap();
    const event = parse(message);
    if (!event) return;
    for (const handler of handlers.get(event.name) ?? []) safely(() => handler(event), event.name);
  }

  listener.subscribe(receive);

  return {
    async publish(q, name, payload) {
      await writeEvent(q, name, payload);
      published += 1;
    },
    on(name, handler) {
      const set = handlers.get(name) ?? new Set();
      handlers.set(name, set);
      const h = handler as (event: DeliveredEvent) => void;
      set.add(h);
      return () => void set.delete(h);
    },
    onGap(handler) {
      gapHandlers.add(handler);
      return () => void gapHandlers.delete(handler);
    },
    listening: () => listener.listening(),
    caughtUp: () => (listener.listening() ? listener.sync().catch(() => undefined) : Promise.resolve()),
    published: () => published,
    close: () => listener.close(),
  };
}

/**
 * The process that made a change hears it before its client does: a request during which this
 * process published awaits `caughtUp` before its reply goes, so its own caches are already clear
 * when the client asks again (other processes hear it as it commits). GET and HEAD publish
 * nothing (a view is counted in batches) and never wait.
 */
export function hearOwnEventsBeforeReplying(app: FastifyInstance, events: Events) {
  const atStart = new WeakMap<FastifyRequest, number>();
  const reads = new Set(['GET', 'HEAD']);
  // Callback hooks: a read (the hot path: list pages) costs a Set lookup and no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!reads.has(request.method)) atStart.set(request, events.published());
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    const before = atStart.get(request);
    if (before === undefined || events.published() === before) return done(null, payload);
    void events.caughtUp().then(() => done(null, payload));
  });
}

/** What a process's streams of events to browsers (notifications, live chat) need besides their service. */
export interface LiveStreamNeeds {
  events: Pick<Events, 'on' | 'onGap'>;
  /** A comment line goes to every open stream this often. */
  heartbeatMs: number;
  /** Storage keys → URLs, as every JSON answer gets them (plugins/media-urls.ts). */
  publicUrl: (key: string) => string;
  log: { warn(obj: object, msg: string): void };
}
