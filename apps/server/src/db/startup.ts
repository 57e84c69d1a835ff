import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { isDatabaseUnavailable } from './unavailable.ts';

/**
 * Key of the session advisory lock held around the schema steps of start-up (migrations, the job
 * queue's install and queues). Any 64-bit number unused by pg-boss and kysely, whose own locks
 * are transaction-scoped and guard one step each, not the whole sequence.
 */
const STARTUP_LOCK_KEY = '6003946226301665281'; // 0x5352_4d48_5542_0001: "SRMHUB", 1

/**
 * Runs `steps` (every schema change a process makes when it starts) while holding one PostgreSQL
 * advisory lock on a connection of its own, so any number of processes starting at once on one
 * database run them one after another: concurrent `CREATE TABLE … PARTITION` of pg-boss's
 * createQueue deadlocked (40P01) and killed replicas started together. The lock is a session's:
 * a process that dies while holding it releases it with its connection.
 */
export async function withStartupLock<T>(connectionString: string, steps: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  // A lost connection fails the query in flight (retried by the caller), never the process.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    return await steps();
  } finally {
    // Ending the session releases the lock, also when the unlock would fail on a lost connection.
    await client.end().catch(() => {});
  }
}

/** SQLSTATEs of a step that lost a race with another session and succeeds when run again. */
const RACE_STATES = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure

/**
 * Whether a start-up step failed for a reason that passes by itself: a deadlock or serialization
 * failure (a race with another process), or the database being unreachable (not started yet,
 * restarting, out of connections). Anything else (a bad password, a broken migration) is final.
 */
export function isTransientStartupError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && RACE_STATES.has(code)) return true;
  if (isDatabaseUnavailable(error)) return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause !== undefined && cause !== error && isTransientStartupError(cause);
}

/**
 * Runs a start-up step until it succeeds, again after a pause (0.5 s, doubling up to 5 s) while
 * it fails transiently, so a process started before its database, or one that lost a race, waits
 * instead of dying. A final error, or `signal` aborting (the process is told to stop), ends it.
 */
export async function retryStartupStep<T>(
  step: () => Promise<T>,
  opts: { signal?: AbortSignal; onRetry?: (error: unknown, attempt: number) => void } = {},
): Promise<T> {
  for (let attempt = 1, pauseMs = 500; ; attempt++, pauseMs = Math.min(pauseMs * 2, 5_000)) {
    opts.signal?.throwIfAborted();
    try {
      return await step();
    } catch (error) {
      if (!isTransientStartupError(error) || opts.signal?.aborted) throw error;
      opts.onRetry?.(error, attempt);
      await delay(pauseMs, undefined, { signal: opts.signal }).catch(() => opts.signal?.throwIfAborted());
    }
  }
}
