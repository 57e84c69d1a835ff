import type { RateCounters } from '../../db/rate-counters.ts';

/**
 * Counted views of one video from one address (viewer-key.ts `networkOf`) in an hour, whoever is
 * signed in there: a household or an office counts as several viewers, a script with a pile of
 * accounts on one address as no more than this (docs/studio.md).
 */
export const VIEWS_PER_ADDRESS = 10;
const HOUR_MS = 60 * 60_000;

/** The per-address cap on counted views, on counters every process shares (`rate_limits`). */
export function createAddressCap(counters: Pick<RateCounters, 'hit'>, max = VIEWS_PER_ADDRESS) {
  return {
    /** Takes one of the address's views of `videoId` this hour: false once they are used up. */
    async allows(videoId: string, address: string): Promise<boolean> {
      const { current } = await counters.hit(`views:${videoId}:${address}`, HOUR_MS);
      return current <= max;
    },
  };
}
export type AddressCap = ReturnType<typeof createAddressCap>;
