import type { Events } from '../../events/events.ts';
import type { EventName } from '../../events/registry.ts';

/**
 * Every event after which a public list page (cards, order, filters, totals, search results) may
 * read differently: a video listed or unlisted (ready, failed, deleted, taken down, restored, its
 * channel suspended), a listed video's card or search text edited, a channel's names or avatar.
 * Counters are not among them: views and likes show once a page's lifetime ends
 * (LIST_CACHE_MS), so a busy video never empties every process's cache.
 */
export const LIST_EVENTS = [
  'video.changed',
  'video.deleted',
  'video.ready',
  'video.failed',
  'video.published',
  'moderation.takedown',
  'moderation.restored',
  'user.changed',
] as const satisfies readonly EventName[];

/**
 * Runs `forget` after every list event committed by any process, and on every gap (events this
 * process may have missed). Callers also compute without their cache while `events.listening()`
 * is false. Returns the unsubscribe.
 */
export function onListChange(events: Pick<Events, 'on' | 'onGap'>, forget: () => void): () => void {
  const offs = [...LIST_EVENTS.map((name) => events.on(name, forget)), events.onGap(forget)];
  return () => {
    for (const off of offs) off();
  };
}
