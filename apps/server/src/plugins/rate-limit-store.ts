import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/database.ts';
import { createPostgresRateCounters, type Counter } from '../db/rate-counters.ts';

type Callback = (err: Error | null, result?: Counter) => void;

/**
 * A store for @fastify/rate-limit kept in PostgreSQL (db/rate-counters.ts), so every API process
 * counts against the same limit: a fixed window that starts at the key's first hit, like the
 * plugin's own stores.
 *
 * The plugin constructs the store itself (`new Store(options)`), hence a class per database.
 */
export function createPostgresRateLimitStore(db: Db) {
  const counters = createPostgresRateCounters(db);

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
      void settle(counters.hit(this.prefix + key, timeWindow), cb);
    }

    read(key: string, cb: Callback) {
      void settle(counters.read(this.prefix + key), cb);
    }

    // The plugin passes the route's merged limit options, the route itself under `routeInfo`.
    child(options: unknown) {
      const { method = '', url = '' } = (options as { routeInfo?: { method?: unknown; url?: string } }).routeInfo ?? {};
      return new PostgresRateLimitStore(undefined, `${this.prefix}${String(method)} ${url}|`);
    }
  };
}
