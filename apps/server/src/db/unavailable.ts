import { setTimeout as delay } from 'node:timers/promises';

/**
 * Errors that mean "PostgreSQL cannot be reached (or cannot write) right now" rather than "this query is wrong":
 * the API answers them 503 with Retry-After, job handlers wait them out instead of failing.
 */

/** Socket-level failures of node-postgres when the server is gone or restarting. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that is shutting down, restarting or out of connections: class 08
 * (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up, in recovery), 53300 too_many_connections.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

/**
 * SQLSTATEs of a server that is up but cannot write right now: 53100 disk_full, 53200
 * out_of_memory. Transient like an outage (space comes back), so waited out the same way: a job's
 * outcome is stored once it is written, not given up on (docs/decisions.md, "A full disk").
 */
const FULL_STATES = /^(53100|53200)$/;

/** node-postgres and pg-pool report a lost or never-made connection only in the message. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code) || FULL_STATES.test(code))) {
    return true;
  }
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  // Connecting to "localhost" tries each address and reports an AggregateError of them all.
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** Seconds a client is asked to wait (Retry-After) while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Runs `fn`, and while it fails because the database is unavailable, runs it again with a
 * growing pause (0.5 s … 5 s) until it succeeds, fails otherwise, or `signal` aborts.
 */
export async function whileDatabaseUnavailable<T>(fn: () => Promise<T>, signal: AbortSignal): Promise<T> {
  for (let pauseMs = 500; ; pauseMs = Math.min(pauseMs * 2, 5_000)) {
    try {
      return await fn();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      await delay(pauseMs, undefined, { signal }).catch(() => signal.throwIfAborted());
    }
  }
}
