import type { RateCounters } from '../../db/rate-counters.ts';
import { TooManyRequests } from '../../lib/errors.ts';

const WINDOW_MS = 60_000;

/** An attempt under way: `succeeded` once its password was right, so it does not count. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

/**
 * API.md §4 "rate-limit it": at most `max` FAILED sign-ins a minute per client address and
 * identifier (a fixed window from the first failure); then every attempt of that pair is refused
 * with 429 until the window ends, the right password included. Signing in successfully never
 * counts, so a client that signs one account in again and again is never refused for it.
 *
 * Each attempt counts before its password is checked and is given back once it succeeds, so a
 * burst of parallel guesses cannot all pass the limit before any failure is recorded. An attempt
 * naming two identifiers counts against both, so a throwaway name beside the real one does not
 * dodge the limit.
 */
export function createLoginAttempts(counters: RateCounters, max: number) {
  const keysOf = (address: string, identifiers: string[]) => [
    ...new Set(identifiers.map((identifier) => `login-failures|${address}|${identifier.toLowerCase()}`)),
  ];
  const giveBack = async (keys: string[]) => {
    await Promise.all(keys.map((key) => counters.unhit(key)));
  };

  return {
    async begin(address: string, identifiers: string[]): Promise<LoginAttempt> {
      const keys = keysOf(address, identifiers);
      const counts = await Promise.all(keys.map((key) => counters.hit(key, WINDOW_MS)));
      const over = counts.filter((count) => count.current > max);
      if (over.length > 0) {
        // Refused before any password is checked: not a failure either.
        await giveBack(keys);
        throw new TooManyRequests(Math.ceil(Math.max(...over.map((count) => count.ttl)) / 1000));
      }
      return { succeeded: () => giveBack(keys) };
    },
  };
}
export type LoginAttempts = ReturnType<typeof createLoginAttempts>;
