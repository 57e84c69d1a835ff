import type { HistoryEntry } from '@streamhub/contract';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { WatchGate } from '../access/access.service.ts';
import { toVideoCard } from '../access/video-card.ts';
import type { HistoryRepo, HistoryRow } from './history.repo.ts';

const ENTRY_NOT_FOUND = 'History entry not found';

const toEntry = (row: HistoryRow): HistoryEntry => ({
  _id: row.entry_id,
  watchedAt: row.watched_at.toISOString(),
  videoId: row.id,
  video: toVideoCard(row),
});

export function createHistoryService(repo: HistoryRepo, watch: WatchGate) {
  return {
    /** API.md §7: the new entry, or null when the video is already in today's (UTC) history. */
    async track(viewer: Viewer, videoId: string): Promise<HistoryEntry | null> {
      await watch.assertWatchable(videoId, viewer);
      const entryId = await repo.track(viewer._id, videoId, newId());
      if (!entryId) return null;
      const row = await repo.entry(viewer._id, entryId);
      // Deleted between the two statements: nothing to show, as if never tracked.
      return row ? toEntry(row) : null;
    },

    async list(viewer: Viewer): Promise<HistoryEntry[]> {
      return (await repo.list(viewer._id)).map(toEntry);
    },

    /** Own entries only: another user's entry is 403 (API.md §1, signed in but not allowed), a missing one 404. */
    async remove(viewer: Viewer, entryId: string): Promise<void> {
      const ownerId = await repo.ownerOf(entryId);
      if (!ownerId) throw new NotFound(ENTRY_NOT_FOUND);
      if (ownerId !== viewer._id) throw new Forbidden('Only the owner can remove this history entry');
      // Removed meanwhile (from another tab): answered like a missing one.
      if (!(await repo.remove(viewer._id, entryId))) throw new NotFound(ENTRY_NOT_FOUND);
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
