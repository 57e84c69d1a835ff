import PgBoss from 'pg-boss';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { jobDefinitions, type JobHandlers, type JobName, type JobPayload } from './registry.ts';

export interface SendOptions {
  /** Enqueue inside this transaction, so the job exists exactly when the row it is about does. */
  trx?: Kysely<any>;
  expireInSeconds?: number;
}

export interface JobQueue {
  send<N extends JobName>(name: N, payload: JobPayload<N>, opts?: SendOptions): Promise<void>;
  work(handlers: JobHandlers, log: { error(obj: object, msg: string): void }): Promise<void>;
  /** Wakes this process's workers now instead of at their next poll (after a commit). */
  nudge(name: JobName): void;
  /** Jobs left `active` by a process that died; safe only when no other worker shares the queue. */
  recoverOrphans(): Promise<number>;
  stop(): Promise<void>;
}

/** The job queue on PostgreSQL (pg-boss), shared by API and worker processes. */
export async function createJobQueue(connectionString: string, config: Config): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString,
    max: 4,
    maintenanceIntervalSeconds: config.jobs.maintenanceIntervalSeconds,
  });
  boss.on('error', () => {}); // transient connection errors are retried by pg-boss itself
  await boss.start();
  // Dead-letter queues first: a queue may only name one that exists.
  const definitions = Object.entries(jobDefinitions).sort(
    ([, a], [, b]) => Number('deadLetter' in a.options) - Number('deadLetter' in b.options),
  );
  for (const [name, def] of definitions) {
    const queue = { name, ...def.options, retryLimit: config.jobs.retryLimit, retryDelay: config.jobs.retryDelaySeconds };
    if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
    else await boss.createQueue(name, queue);
  }
  const controllers = new Set<AbortController>();
  const workerIds = new Map<JobName, string>();

  return {
    async send(name, payload, opts = {}) {
      const data = jobDefinitions[name].payload.parse(payload);
      const trx = opts.trx;
      await boss.send(name, data, {
        ...(opts.expireInSeconds ? { expireInSeconds: opts.expireInSeconds } : {}),
        ...(trx
          ? {
              db: {
                executeSql: async (text: string, values: unknown[]) =>
                  trx.executeQuery(CompiledQuery.raw(text, values)) as Promise<{ rows: any[] }>,
              },
            }
          : {}),
      });
    },

    async work(handlers, log) {
      for (const name of Object.keys(jobDefinitions) as JobName[]) {
        const handler = handlers[name] as (payload: unknown, ctx: Parameters<JobHandlers[JobName]>[1]) => Promise<void>;
        const workerId = await boss.work(
          name,
          { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
          async ([job]) => {
            if (!job) return;
            const parsed = jobDefinitions[name].payload.safeParse(job.data);
            if (!parsed.success) {
              log.error({ job: job.id, name }, 'dropping job with an invalid payload');
              return;
            }
            const controller = new AbortController();
            controllers.add(controller);
            // pg-boss fails (and retries) a job that outlives its expiry but cannot stop the
            // handler; stop it first, so a retry never runs beside a still-running attempt.
            const expiry = setTimeout(
              () => controller.abort(new Error('Processing took too long')),
              expiryAbortMs(job.expireInSeconds),
            );
            try {
              await handler(parsed.data, {
                attempt: job.retryCount + 1,
                isLastAttempt: job.retryCount >= job.retryLimit,
                signal: controller.signal,
              });
            } catch (err) {
              log.error({ err, job: job.id, name }, 'job failed');
              throw err;
            } finally {
              clearTimeout(expiry);
              controllers.delete(controller);
            }
          },
        );
        workerIds.set(name, workerId);
      }
    },

    nudge(name) {
      const id = workerIds.get(name);
      if (id) boss.notifyWorker(id);
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

    async stop() {
      for (const c of controllers) c.abort();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/** When to abort a handler: a few seconds before pg-boss gives up on the job (its expiry). */
export function expiryAbortMs(expireInSeconds: number): number {
  const seconds = Math.max(1, expireInSeconds);
  return Math.max(500, (seconds - Math.min(5, seconds * 0.1)) * 1000);
}
