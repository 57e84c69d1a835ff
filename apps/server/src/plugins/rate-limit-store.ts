import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

type Counter = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Counter) => void;

/** Expired rows are removed at most this often, by whichever process counts a hit then. */
const SWEEP_EVERY_MS = 60_000;

/**
 * A store for @fastify/rate-limit kept in PostgreSQL, so every API process counts against the
 * same limit: one row per key with its window, bumped by one atomic upsert per hit (a fixed
 * window that starts at the key's first hit, like the plugin's own stores). Times are the
 * database's, so clocks of the API machines need not agree. Expired rows are swept now and then.
 *
 * The plugin constructs the store itself (`new Store(options)`), hence a class per database.
 */
export function createPostgresRateLimitStore(db: Db) {
  let lastSweep = 0;

  function sweep() {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    // Best effort: a failed sweep is retried by a later hit.
    sql`DELETE FROM rate_limits WHERE window_end < now()`.execute(db).catch(() => (lastSweep = 0));
  }

  async function hit(key: string, windowMs: number): Promise<Counter> {
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
  }

  async function read(key: string): Promise<Counter> {
    const { rows } = await sql<{ count: number; ttl: number }>`
      SELECT count, greatest(0, ceil(extract(epoch FROM window_end - now()) * 1000))::integer AS ttl
      FROM rate_limits WHERE key = ${key} AND window_end > now()
    `.execute(db);
    return rows[0] ? { current: rows[0].count, ttl: rows[0].ttl } : { current: 0, ttl: 0 };
  }

  const settle = (promise: Promise<Counter>, cb: Callback) =>
    promise.then(
      (counter) => cb(null, counter),
      (err: Error) => cb(err),
    );

  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      /** Each limited route counts apart: its method and URL pattern lead the key. */
      private readonly prefix = '',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number) {
      void settle(hit(this.prefix + key, timeWindow), cb);
    }

    read(key: string, cb: Callback) {
      void settle(read(this.prefix + key), cb);
    }

    // The plugin passes the route's merged limit options, the route itself under `routeInfo`.
    child(options: unknown) {
      const { method = '', url = '' } = (options as { routeInfo?: { method?: unknown; url?: string } }).routeInfo ?? {};
      return new PostgresRateLimitStore(undefined, `${this.prefix}${String(method)} ${url}|`);
    }
  };
}
