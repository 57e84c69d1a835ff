import { sql } from 'kysely';
import type { Db } from './database.ts';

/** A key's count in its window, and the milliseconds left of that window. */
export type Counter = { current: number; ttl: number };

/**
 * Fixed-window counters, the state of every rate limit: a window starts at the key's first hit
 * and counts until it ends, then the next hit starts a new one at 1.
 */
export interface RateCounters {
  /** Counts one hit of `key`, atomically. */
  hit(key: string, windowMs: number): Promise<Counter>;
  read(key: string): Promise<Counter>;
  /** Takes one hit back (never below 0), for a hit that turned out not to count. */
  unhit(key: string): Promise<void>;
}

/** Expired windows are removed at most this often, by whichever caller counts a hit then. */
const SWEEP_EVERY_MS = 60_000;

/** `postgres`: one count shared by every process on the database; `memory`: this process's own. */
export function createRateCounters(store: 'postgres' | 'memory', db: Db): RateCounters {
  return store === 'postgres' ? createPostgresRateCounters(db) : createMemoryRateCounters();
}

/**
 * Counters in PostgreSQL, so every API process counts against the same limit: one row per key
 * with its window, bumped by one atomic upsert per hit. Times are the database's, so clocks of the
 * API machines need not agree. Expired rows are swept now and then.
 */
export function createPostgresRateCounters(db: Db): RateCounters {
  let lastSweep = 0;

  function sweep() {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    // Best effort: a failed sweep is retried by a later hit.
    sql`DELETE FROM rate_limits WHERE window_end < now()`.execute(db).catch(() => (lastSweep = 0));
  }

  return {
    async hit(key, windowMs) {
      const { rows } = await sql<{ count: number; ttl: number }>`
        INSERT INTO rate_limits AS r (key, window_start, window_end, count)
        VALUES (${key}, now(), now() + ${windowMs}::double precision * interval '1 millisecond', 1)
        ON CONFLICT (key) DO UPDATE SET
          window_start = CASE WHEN r.window_end <= now() THEN excluded.window_start ELSE r.window_start END,
          window_end = CASE WHEN r.window_end <= now() THEN excluded.window_end ELSE r.window_end END,
          count = CASE WHEN r.window_end <= now() THEN 1 ELSE r.count + 1 END
        RETURNING count, least(${windowMs}::integer, greatest(0, ceil(extract(epoch FROM window_end - now()) * 1000)))::integer AS ttl
      `.execute(db);
      // (least: a hit that waited on the row's lock started before the window's creator did, so its
      // now() is earlier and the raw difference a little over the window.)
      sweep();
      return { current: rows[0]!.count, ttl: rows[0]!.ttl };
    },

    async read(key) {
      const { rows } = await sql<{ count: number; ttl: number }>`
        SELECT count, greatest(0, ceil(extract(epoch FROM window_end - now()) * 1000))::integer AS ttl
        FROM rate_limits WHERE key = ${key} AND window_end > now()
      `.execute(db);
      return rows[0] ? { current: rows[0].count, ttl: rows[0].ttl } : { current: 0, ttl: 0 };
    },

    async unhit(key) {
      await sql`UPDATE rate_limits SET count = greatest(count - 1, 0) WHERE key = ${key} AND window_end > now()`.execute(db);
    },
  };
}

/** Counters of this process alone (the embedded layout, whose process is alone). */
export function createMemoryRateCounters(now: () => number = Date.now): RateCounters {
  const windows = new Map<string, { count: number; end: number }>();
  let lastSweep = now();

  function sweep(at: number) {
    if (at - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at;
    for (const [key, window] of windows) if (window.end <= at) windows.delete(key);
  }

  function live(key: string, at: number) {
    const window = windows.get(key);
    return window && window.end > at ? window : undefined;
  }

  return {
    async hit(key, windowMs) {
      const at = now();
      sweep(at);
      const window = live(key, at) ?? { count: 0, end: at + windowMs };
      window.count += 1;
      windows.set(key, window);
      return { current: window.count, ttl: window.end - at };
    },

    async read(key) {
      const at = now();
      const window = live(key, at);
      return window ? { current: window.count, ttl: window.end - at } : { current: 0, ttl: 0 };
    },

    async unhit(key) {
      const window = live(key, now());
      if (window) window.count = Math.max(window.count - 1, 0);
    },
  };
}
