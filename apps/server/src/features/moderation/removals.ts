import type { Db } from '../../db/database.ts';
import type { Events } from '../../events/events.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { createRemovalsRepo, type RemovableType, type RemovedItem } from './removals.repo.ts';

export type { RemovableType, RemovedItem };

/**
 * Hiding and showing content, for a takedown (one item) and a suspension (all of a user's
 * items), inside the caller's transaction. A video whose state changes also gets a
 * `video.media.move` job in the same transaction, so its files leave the public folder exactly
 * when the row says it is removed (and come back on restore), and announces `video.media.gone`:
 * every process forgets that its files were open. What else a takedown does (refunds,
 * reports, the audit entry) belongs to the moderation service.
 */
export function createRemovals({ queue, events }: { queue: Pick<JobQueue, 'send'>; events: Pick<Events, 'publish'> }) {
  return {
    on(trx: Db) {
      const repo = createRemovalsRepo(trx);
      const moveFiles = async (videoIds: string[]) => {
        for (const videoId of videoIds) {
          await queue.send('video.media.move', { videoId }, { trx });
          await events.publish(trx, 'video.media.gone', { videoId });
        }
      };
      return {
        /** Takes one item down; undefined when missing or already taken down (nothing changed). */
        async takeDown(type: RemovableType, id: string, reason: string) {
          const item = await repo.takeDown(type, id, reason);
          if (item && type === 'video') await moveFiles([item.id]);
          return item;
        },
        /** Undoes a takedown; undefined when missing or not taken down. */
        async restore(type: RemovableType, id: string) {
          const item = await repo.restore(type, id);
          if (item && type === 'video') await moveFiles([item.id]);
          return item;
        },
        /** Hides all of a suspended user's content that is not hidden already; returns the videos it hid. */
        async hideOwner(ownerId: string, reason: string): Promise<string[]> {
          const videoIds = await repo.hideOwner(ownerId, reason);
          await moveFiles(videoIds);
          return videoIds;
        },
        /** Shows again exactly what the suspension hid; returns the videos. */
        async showOwner(ownerId: string): Promise<string[]> {
          const videoIds = await repo.showOwner(ownerId);
          await moveFiles(videoIds);
          return videoIds;
        },
      };
    },
  };
}
export type Removals = ReturnType<typeof createRemovals>;
