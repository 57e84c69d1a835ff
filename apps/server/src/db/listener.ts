import pg from 'pg';

/** What a process hears of committed changes on one notification channel (LISTEN/NOTIFY). */
export interface Listener {
  /**
   * True while the connection listens: every change committed from now on will be reported.
   * False before the first connection, after a connection is lost and until LISTEN is back.
   */
  listening(): boolean;
  /**
   * `onChange` runs on every notification, with its payload, and with null each time listening
   * starts again (changes committed while nobody listened were not reported: anything may have
   * changed). The first subscriber connects.
   */
  subscribe(onChange: (payload: string | null) => void): () => void;
  /**
   * Resolves once every change committed before the call has been reported; rejects when not
   * listening, or when the server does not answer in time (the connection then counts as lost).
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

interface ListenerOptions {
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Reconnection delays: doubled from `retryMinMs` after each failure, at most `retryMaxMs`. */
  retryMinMs?: number;
  retryMaxMs?: number;
  /** How long the server may take to answer on the connection before it counts as lost. */
  timeoutMs?: number;
  /**
   * An idle connection is asked this often: a silently dropped one (a half-open socket) would
   * otherwise pass for a listening one until TCP gives up, minutes later.
   */
  heartbeatMs?: number;
  /** Runs each time a listening connection is lost: changes committed from now on may go unheard. */
  onLost?: () => void;
}

const noop = () => {};

/**
 * One dedicated connection (outside the pool: a pooled connection changes hands, LISTEN must
 * stay on one session) that LISTENs on `channel` and comes back after errors, with backoff.
 *
 * `sync` is a round trip on that connection. A transaction that notifies signals every
 * listening session before its COMMIT returns, and a signalled session sends its notifications
 * before it answers the next query; so once a round trip sent after a commit returns, that
 * commit's notification has been reported, whichever process or machine committed it. Callers
 * share round trips: each waits for the next one that starts after it asked, so a burst costs
 * one or two, however many ask.
 */
export function createListener(
  url: string,
  channel: string,
  { log, retryMinMs = 100, retryMaxMs = 5000, timeoutMs = 2000, heartbeatMs = 5000, onLost }: ListenerOptions,
): Listener {
  const subscribers = new Set<(payload: string | null) => void>();
  let client: pg.Client | null = null;
  let ready = false;
  let started = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  /** The round trip on the wire, and the one that starts when it ends. */
  let current: Promise<void> | undefined;
  let next: Promise<void> | undefined;

  const changed = (payload: string | null) => {
    for (const onChange of subscribers) onChange(payload);
  };

  async function connect() {
    const c = new pg.Client({
      connectionString: url,
      keepAlive: true,
      query_timeout: timeoutMs,
      // Tells it apart in pg_stat_activity.
      application_name: `listen ${channel}`,
    });
    client = c;
    c.on('notification', (message) => {
      if (message.channel === channel) changed(message.payload ?? '');
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, new Error('connection ended')));
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      lost(c, err);
      return;
    }
    if (client !== c) return;
    if (failures > 0) log.info({ channel }, 'listening again for changes');
    ready = true;
    failures = 0;
    changed(null);
  }

  function lost(c: pg.Client, err: unknown) {
    if (client !== c) return; // an old connection's late events
    client = null;
    if (ready || failures === 0) log.warn({ channel, err: String(err) }, 'not listening for changes; reconnecting');
    const wasListening = ready;
    ready = false;
    if (wasListening) onLost?.();
    c.end().catch(noop);
    if (closed) return;
    retry = setTimeout(() => void connect(), Math.min(retryMaxMs, retryMinMs * 2 ** failures));
    retry.unref();
    failures += 1;
  }

  function roundTrip(): Promise<void> {
    const c = client;
    // An empty query: nothing to parse or plan, the answer is all that matters.
    const trip =
      ready && c
        ? c.query('').then(noop, (err: unknown) => {
            lost(c, err);
            throw err;
          })
        : Promise.reject(new Error(`not listening on ${channel}`));
    const done = () => {
      if (current === trip) current = undefined;
    };
    trip.then(done, done);
    return trip;
  }

  function sync(): Promise<void> {
    if (!current) return (current = roundTrip());
    // The round trip on the wire may have left before the caller's change was committed.
    next ??= current.then(noop, noop).then(() => {
      next = undefined;
      return (current = roundTrip());
    });
    return next;
  }

  function start() {
    started = true;
    void connect();
    heartbeat = setInterval(() => {
      if (ready && !current) sync().catch(noop);
    }, heartbeatMs);
    heartbeat.unref();
  }

  return {
    listening: () => ready,
    subscribe(onChange) {
      subscribers.add(onChange);
      if (!started && !closed) start();
      return () => void subscribers.delete(onChange);
    },
    sync,
    async close() {
      closed = true;
      ready = false;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const c = client;
      client = null;
      await c?.end().catch(noop);
    },
  };
}
