import PgBoss from 'pg-boss';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { QueueStat } from '../ops/metrics.ts';
import { whileDatabaseUnavailable } from '../db/unavailable.ts';
import { jobDefinitions, RetryLater, WorkerStopping, type JobHandlers, type JobName, type JobPayload } from './registry.ts';

export interface SendOptions {
  /** Enqueue inside this transaction, so the job exists exactly when the row it is about does. */
  trx?: Kysely<any>;
  expireInSeconds?: number;
  /** Not run before this time (scheduled publishing). */
  startAfter?: Date;
  /** With a `stately` queue: one queued job per key (a second send is dropped). */
  singletonKey?: string;
}

type QueueLog = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export interface JobQueue {
  send<N extends JobName>(name: N, payload: JobPayload<N>, opts?: SendOptions): Promise<void>;
  work(handlers: JobHandlers, log: QueueLog): Promise<void>;
  /** Wakes this process's workers now instead of at their next poll (after a commit). */
  nudge(name: JobName): void;
  /**
   * Cancels the unfinished jobs (queued, waiting for a retry or running) of `name` whose payload
   * contains `match`, inside `trx` when given. A handler already running is not stopped by this:
   * see `abortRunning` for this process; handlers elsewhere notice that their subject is gone.
   */
  cancel<N extends JobName>(name: N, match: Partial<JobPayload<N>>, opts?: { trx?: Kysely<any> }): Promise<number>;
  /** Aborts this process's running handlers of such jobs and resolves once they have returned. */
  abortRunning<N extends JobName>(name: N, match: Partial<JobPayload<N>>): Promise<void>;
  /** Jobs left `active` by a process that died; safe only when no other worker shares the queue. */
  recoverOrphans(): Promise<number>;
  /** Unfinished jobs per queue and state, with the age of the oldest (for metrics). */
  stats(): Promise<QueueStat[]>;
  /** Jobs per queue and state, finished ones included (until pg-boss archives them): the jobs page. */
  counts(): Promise<{ queue: string; state: string; count: number }[]>;
  /** The latest `limit` failed jobs, newest first, with the error each ended with. */
  listFailed(limit: number): Promise<FailedJob[]>;
  /** Runs a failed job again (one more attempt), inside `trx` when given; false when no failed job has this id. */
  retry(id: string, opts?: { trx?: Kysely<any> }): Promise<boolean>;
  /** Aborted when `stop` begins: what runs beside the workers (the event relay) ends with them. */
  stopped: AbortSignal;
  stop(): Promise<void>;
}

export interface FailedJob {
  id: string;
  queue: string;
  error: string;
  failedAt: Date;
  data: unknown;
}

/** The `waiting` a RetryLater stored in a job's output (see runJob), for its JobContext. */
function waitingOf(output: unknown): { waiting?: { reason: string; since: Date } } {
  const waiting = (output as { waiting?: { reason?: unknown; since?: unknown } } | null)?.waiting;
  if (typeof waiting?.reason !== 'string' || typeof waiting.since !== 'number') return {};
  return { waiting: { reason: waiting.reason, since: new Date(waiting.since) } };
}

/** Handlers of jobs that this process runs right now. */
interface Running {
  name: JobName;
  data: Record<string, unknown>;
  controller: AbortController;
  finished: Promise<void>;
}

const POLL_MS = 1000;
/** During an outage the queue reports one error per this interval, not one per poll. */
const ERROR_LOG_EVERY_MS = 30_000;

/**
 * The job queue on PostgreSQL (pg-boss), shared by API and worker processes.
 *
 * Jobs are fetched, completed and failed by the loop below rather than by pg-boss's `work()`:
 * pg-boss 10 completes or fails a job without awaiting the call, so a database outage during a
 * job ended the whole process with an unhandled rejection. Here the outcome of a job is stored
 * once the database answers again, and an outage only pauses fetching.
 */
export async function createJobQueue(connectionString: string, config: Config): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString,
    max: 4,
    maintenanceIntervalSeconds: config.jobs.maintenanceIntervalSeconds,
  });
  let log: QueueLog | undefined;
  const reportError = throttled((err: unknown) => log?.warn({ err: String(err) }, 'job queue error (retried by itself)'));
  // pg-boss retries its own maintenance: an error here (mostly an outage) is reported, never a crash.
  boss.on('error', reportError);
  try {
    await boss.start();
    await ensureQueues(boss, config);
  } catch (err) {
    // A failed start (the caller may retry it) leaves no pool or timer behind.
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    throw err;
  }

  const running = new Set<Running>();
  const wakers = new Map<JobName, () => void>();
  const loops: Promise<void>[] = [];
  /** Aborted by stop(): ends the loops and gives up storing outcomes while the database is down. */
  const stopping = new AbortController();

  const inTransaction = (trx: Kysely<any>) => ({
    executeSql: async (text: string, values: unknown[]) =>
      trx.executeQuery(CompiledQuery.raw(text, values)) as Promise<{ rows: any[] }>,
  });

  /** Runs one fetched job and stores its outcome, waiting out a database outage to do so. */
  async function runJob(name: JobName, handler: JobHandlers[JobName], job: PgBoss.JobWithMetadata<object>) {
    const parsed = jobDefinitions[name].payload.safeParse(job.data);
    if (!parsed.success) {
      log?.error({ job: job.id, name }, 'dropping job with an invalid payload');
      await settle(name, job.id, () => boss.complete(name, job.id));
      return;
    }
    const controller = new AbortController();
    let finish!: () => void;
    const entry: Running = { name, data: parsed.data, controller, finished: new Promise((r) => (finish = r)) };
    running.add(entry);
    // pg-boss fails (and retries) a job that outlives its expiry but cannot stop the handler;
    // stop it first, so a retry never runs beside a still-running attempt.
    const expiry = setTimeout(() => controller.abort(new Error('Processing took too long')), expiryAbortMs(job.expireInSeconds));
    let failure: { error: unknown } | undefined;
    try {
      await (handler as (payload: unknown, ctx: Parameters<JobHandlers[JobName]>[1]) => Promise<void>)(parsed.data, {
        attempt: job.retryCount + 1,
        isLastAttempt: job.retryCount >= job.retryLimit,
        signal: controller.signal,
        ...waitingOf(job.output),
      });
    } catch (error) {
      failure = { error };
      if (error instanceof RetryLater) log?.warn({ job: job.id, name, reason: error.reason }, 'job waits; retried later');
      else if (!(controller.signal.reason instanceof WorkerStopping)) log?.error({ err: error, job: job.id, name }, 'job failed');
    } finally {
      clearTimeout(expiry);
      running.delete(entry);
      finish();
    }
    if (failure && controller.signal.reason instanceof WorkerStopping) {
      // Interrupted by a stop, not failed: back in the queue as it was (one statement, so a crash
      // cannot leave it half-way), so a stop never uses up a retry.
      await settle(name, job.id, () =>
        boss
          .getDb()
          .executeSql(
            `UPDATE pgboss.job SET state = 'created', started_on = NULL WHERE name = $1 AND id = $2 AND state = 'active'`,
            [name, job.id],
          ),
      );
      return;
    }
    if (failure?.error instanceof RetryLater) {
      // A passing condition (a full disk, unreachable storage): back in the queue after the delay,
      // its retry count untouched, so however long it lasts the job is not used up by it. Its
      // `output` keeps since when it has waited for this reason (JobContext.waiting).
      const { delaySeconds, reason, options } = failure.error as RetryLater;
      await settle(name, job.id, () =>
        boss.getDb().executeSql(
          `UPDATE pgboss.job SET state = 'created', started_on = NULL, start_after = now() + make_interval(secs => $3),
                  output = jsonb_build_object('waiting', jsonb_build_object('reason', $4::text, 'since',
                    CASE WHEN output->'waiting'->>'reason' = $4::text AND NOT $5::boolean THEN output->'waiting'->'since'
                         ELSE to_jsonb(floor(extract(epoch FROM now()) * 1000)) END))
              WHERE name = $1 AND id = $2 AND state = 'active'`,
          [name, job.id, delaySeconds, reason, options.since === 'now'],
        ),
      );
      return;
    }
    const outcome = failure && { message: failure.error instanceof Error ? failure.error.message : String(failure.error) };
    await settle(name, job.id, () => (outcome ? boss.fail(name, job.id, outcome) : boss.complete(name, job.id)));
  }

  /**
   * Stores a job's outcome; while the database is down or cannot write (its disk full:
   * db/unavailable.ts), tries again until it answers. Given up
   * only when this process stops: the job then stays `active` until it is recovered or expires.
   */
  async function settle(name: JobName, id: string, store: () => Promise<unknown>) {
    try {
      await whileDatabaseUnavailable(store, stopping.signal);
    } catch (err) {
      if (!stopping.signal.aborted) log?.error({ err, job: id, name }, 'could not store the outcome of a job');
    }
  }

  async function loop(name: JobName, handler: JobHandlers[JobName]) {
    while (!stopping.signal.aborted) {
      let job: PgBoss.JobWithMetadata<object> | undefined;
      try {
        // pg-boss's fetch answers no jobs while the database is unreachable.
        [job] = await boss.fetch<object>(name, { batchSize: 1, includeMetadata: true });
        if (job) await runJob(name, handler, job);
      } catch (err) {
        log?.error({ err, name }, 'job loop error');
      }
      if (!job) await new Promise<void>((resolve) => sleepUntilWoken(name, resolve));
    }
  }

  function sleepUntilWoken(name: JobName, resolve: () => void) {
    const timer = setTimeout(wake, POLL_MS);
    function wake() {
      clearTimeout(timer);
      wakers.delete(name);
      resolve();
    }
    wakers.set(name, wake);
  }

  const matches = (data: Record<string, unknown>, match: Record<string, unknown>) =>
    Object.entries(match).every(([key, value]) => data[key] === value);

  return {
    async send(name, payload, opts = {}) {
      const data = jobDefinitions[name].payload.parse(payload);
      await boss.send(name, data, {
        ...(opts.expireInSeconds ? { expireInSeconds: opts.expireInSeconds } : {}),
        ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
        ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
        ...(opts.trx ? { db: inTransaction(opts.trx) } : {}),
      });
    },

    async work(handlers, queueLog) {
      log = queueLog;
      for (const name of Object.keys(jobDefinitions) as JobName[]) loops.push(loop(name, handlers[name] as JobHandlers[JobName]));
    },

    nudge(name) {
      wakers.get(name)?.();
    },

    async cancel(name, match, opts = {}) {
      const db = opts.trx ? inTransaction(opts.trx) : boss.getDb();
      const { rows } = await db.executeSql(
        `SELECT id FROM pgboss.job WHERE name = $1 AND state < 'completed' AND data @> $2::jsonb`,
        [name, JSON.stringify(match)],
      );
      const ids = rows.map((r: { id: string }) => r.id);
      if (ids.length) await boss.cancel(name, ids, { db });
      return ids.length;
    },

    async abortRunning(name, match) {
      const targets = [...running].filter((r) => r.name === name && matches(r.data, match));
      for (const r of targets) r.controller.abort(new Error('Job cancelled'));
      await Promise.all(targets.map((r) => r.finished));
    },

    async recoverOrphans() {
      let recovered = 0;
      for (const name of Object.keys(jobDefinitions)) {
        const { rows } = await boss.getDb().executeSql(`SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active'`, [name]);
        const ids = rows.map((r: { id: string }) => r.id);
        for (const id of ids) await boss.fail(name, id, { reason: 'worker stopped during the job' });
        recovered += ids.length;
      }
      return recovered;
    },

    async stats() {
      const { rows } = await boss.getDb().executeSql(
        `SELECT name, state::text AS state, count(*)::int AS count,
                extract(epoch FROM now() - min(CASE WHEN state = 'active' THEN started_on ELSE created_on END))::float8 AS oldest
           FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`,
        [],
      );
      return rows.map((r: { name: string; state: string; count: number; oldest: number }) => ({
        queue: r.name,
        state: r.state,
        count: r.count,
        oldestSeconds: Math.max(0, r.oldest),
      }));
    },

    async counts() {
      const { rows } = await boss
        .getDb()
        .executeSql(
          `SELECT name, state::text AS state, count(*)::int AS count FROM pgboss.job GROUP BY name, state ORDER BY name, state`,
          [],
        );
      return rows.map((r: { name: string; state: string; count: number }) => ({ queue: r.name, state: r.state, count: r.count }));
    },

    async listFailed(limit) {
      const { rows } = await boss.getDb().executeSql(
        `SELECT id, name, output, data, completed_on FROM pgboss.job WHERE state = 'failed'
          ORDER BY completed_on DESC NULLS LAST, id DESC LIMIT $1`,
        [limit],
      );
      return rows.map((r: { id: string; name: string; output: unknown; data: unknown; completed_on: Date | null }) => ({
        id: r.id,
        queue: r.name,
        error: failureText(r.output),
        failedAt: r.completed_on ?? new Date(0),
        data: r.data,
      }));
    },

    async retry(id, opts = {}) {
      const db = opts.trx ? inTransaction(opts.trx) : boss.getDb();
      const { rows } = await db.executeSql(`SELECT name FROM pgboss.job WHERE id = $1 AND state = 'failed' FOR UPDATE`, [id]);
      const name = rows[0]?.name as JobName | undefined;
      if (!name) return false;
      await boss.retry(name, id, { db });
      // Before a caller's transaction commits the worker finds nothing yet, and looks again at its next poll.
      wakers.get(name)?.();
      return true;
    },

    stopped: stopping.signal,

    async stop() {
      stopping.abort();
      for (const wake of wakers.values()) wake();
      // Running handlers stop (ffmpeg is killed); their jobs go back to the queue for the next worker.
      for (const r of running) r.controller.abort(new WorkerStopping());
      await Promise.all(loops);
      await boss.stop({ graceful: false, wait: true });
    },
  };
}

/** The error a failed job ended with, as pg-boss stored it (`{message}`, `{reason}`, or anything). */
function failureText(output: unknown): string {
  if (output && typeof output === 'object') {
    const o = output as { message?: unknown; reason?: unknown; value?: unknown };
    const text = o.message ?? o.reason ?? o.value;
    if (typeof text === 'string') return text;
  }
  return output === null || output === undefined ? '' : JSON.stringify(output);
}

/**
 * Creates or updates every queue of the registry. Not safe to run beside another process doing
 * the same (concurrent createQueue deadlocks): callers hold the start-up lock (db/startup.ts).
 */
async function ensureQueues(boss: PgBoss, config: Config) {
  // Dead-letter queues first: a queue may only name one that exists.
  const definitions = Object.entries(jobDefinitions).sort(
    ([, a], [, b]) => Number('deadLetter' in a.options) - Number('deadLetter' in b.options),
  );
  for (const [name, def] of definitions) {
    const queue = { name, ...def.options, retryLimit: config.jobs.retryLimit, retryDelay: config.jobs.retryDelaySeconds };
    if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
    else await boss.createQueue(name, queue);
  }
}

/** When to abort a handler: a few seconds before pg-boss gives up on the job (its expiry). */
export function expiryAbortMs(expireInSeconds: number): number {
  const seconds = Math.max(1, expireInSeconds);
  return Math.max(500, (seconds - Math.min(5, seconds * 0.1)) * 1000);
}

/** Calls `fn` at most once per ERROR_LOG_EVERY_MS. */
function throttled(fn: (err: unknown) => void): (err: unknown) => void {
  let last = 0;
  return (err) => {
    const now = Date.now();
    if (now - last < ERROR_LOG_EVERY_MS) return;
    last = now;
    fn(err);
  };
}
