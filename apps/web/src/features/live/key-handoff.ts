import type { LiveKey } from '@streamhub/contract';

/**
 * The key a new live was made with, handed from the Go live form to the live's page in memory
 * only: it shows there once and is gone after a reload (never in the URL or the history state).
 */
const handed = new Map<string, LiveKey>();

export const handOverKey = (videoId: string, key: LiveKey) => void handed.set(videoId, key);

/**
 * The key handed over for `videoId`, taken: gone after this task, so a render that reads it twice
 * (React's strict mode runs state initialisers twice) gets it both times and a later page none.
 */
export function takeKey(videoId: string): LiveKey | null {
  const key = handed.get(videoId) ?? null;
  if (key) queueMicrotask(() => handed.delete(videoId));
  return key;
}
