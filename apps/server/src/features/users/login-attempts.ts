import type { RateCounters } from '../../db/rate-counters.ts';
import { TooManyRequests } from '../../lib/errors.ts';

const WINDOW_MS = 60_000;

/** An attempt under way: `succeeded` once its password was right, so it does not count. */
export interface LoginAttempt {
  /**
   * The identifiers named this account: its own count is hit too (429 when over, and nothing of
   * this attempt counts then), so a username and an email are one budget, not two.
   */
  account(userId: string): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * API.md §4 "rate-limit it": at most `max` FAILED sign-ins a minute per client address and
 * identifier, and per address and account (a fixed window from the first failure); then every
 * attempt of that address and identifier, or that address and account, is refused with 429 until
 * the window ends, the right password included. Signing in successfully never counts, so a client
 * that signs one account in again and again is never refused for it.
 *
 * Each attempt counts before its password is checked and is given back once it succeeds, so a
 * burst of parallel guesses cannot all pass the limit before any failure is recorded. An attempt
 * naming two identifiers counts against both, so a throwaway name beside the real one does not
 * dodge the limit; and the account they name counts once more, so its username and its email
 * (in any letter case) share one budget instead of giving a guesser two.
 */
export function createLoginAttempts(counters: RateCounters, max: number) {
  const keysOf = (address: string, identifiers: string[]) => [
    ...new Set(identifiers.map((identifier) => `login-failures|${address}|${identifier.toLowerCase()}`)),
  ];
  const giveBack = async (keys: string[]) => {
    await Promise.all(keys.map((key) => counters.unhit(key)));
  };
  /** Counts one attempt on each key; over the limit on any: all given back, 429. */
  const count = async (keys: string[], alreadyCounted: string[] = []) => {
    const counts = await Promise.all(keys.map((key) => counters.hit(key, WINDOW_MS)));
    const over = counts.filter((c) => c.current > max);
    if (over.length > 0) {
      // Refused before any password is checked: not a failure either.
      await giveBack([...alreadyCounted, ...keys]);
      throw new TooManyRequests(Math.ceil(Math.max(...over.map((c) => c.ttl)) / 1000));
    }
  };

  return {
    async begin(address: string, identifiers: string[]): Promise<LoginAttempt> {
      const keys = keysOf(address, identifiers);
      await count(keys);
      return {
        async account(userId: string) {
          const accountKey = `login-failures|${address}|account:${userId}`;
          await count([accountKey], [...keys]);
          keys.push(accountKey);
        },
        succeeded: () => giveBack(keys),
      };
    },
  };
}
export type LoginAttempts = ReturnType<typeof createLoginAttempts>;
