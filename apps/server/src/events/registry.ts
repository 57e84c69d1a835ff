import { z } from 'zod';
import { Id } from '@streamhub/contract';

/**
 * Every event: "something happened", by name → payload schema. An event is written into the
 * outbox (events/outbox.ts) in the transaction of the change it announces, so it exists exactly
 * when the change does; after commit it reaches in-process subscribers in every process and,
 * through the job queue, durable subscribers (at least once: their handlers are idempotent).
 *
 * Payloads carry ids, not copies of rows: a subscriber reads the current state when it runs.
 * Adding an event: a line here, `events.publish(trx, name, payload)` where the change is made,
 * then subscribers (docs/architecture.md, "Events").
 */
export const eventDefinitions = {
  /** A video row changed in a way lists, search or its watch page may show (created, edited, state). */
  'video.changed': { payload: z.object({ videoId: Id }) },
  /** A video was deleted (the row is gone). */
  'video.deleted': { payload: z.object({ videoId: Id, ownerId: Id }) },
  /** A video's files went away from where they were served (deleted, moved on takedown/restore). */
  'video.media.gone': { payload: z.object({ videoId: Id }) },
  /** An upload finished transcoding and is playable. */
  'video.ready': { payload: z.object({ videoId: Id }) },
  /** An upload failed for good. */
  'video.failed': { payload: z.object({ videoId: Id }) },
  /** A video became public for the first time (ready and published): its channel's subscribers hear of it. */
  'video.published': { payload: z.object({ videoId: Id }) },
  /** A user's public face changed (username, full name, avatar): the cards and channel pages that name them. */
  'user.changed': { payload: z.object({ userId: Id }) },
  /**
   * Sessions ended (features/sessions: logout, suspension, password change or reset, account
   * deletion): `sessionId` that one; else every session of `userId` but `exceptSessionId` (null:
   * all). Every process closes the streams those sessions hold open.
   */
  'sessions.ended': {
    payload: z.object({ userId: Id, sessionId: z.string().max(100).nullable(), exceptSessionId: z.string().max(100).nullable() }),
  },
  /** A comment was written (on a video or a post). */
  'comment.created': { payload: z.object({ commentId: Id }) },
  /** A comment was deleted by its author (a top-level one with its replies): the live chat of its video drops it. */
  'comment.deleted': { payload: z.object({ commentId: Id, videoId: Id.nullable(), parentId: Id.nullable() }) },
  /** A reply was written under a top-level comment (API.md §14): its author hears of it. */
  'comment.replied': { payload: z.object({ commentId: Id }) },
  /** A purchase settled: money moved (the ledger holds the amounts). */
  'purchase.settled': { payload: z.object({ purchaseId: Id }) },
  /** Staff took content down or restored it (targetType: video, comment, post, playlist, channel). */
  'moderation.takedown': { payload: z.object({ targetType: z.string(), targetId: Id }) },
  'moderation.restored': { payload: z.object({ targetType: z.string(), targetId: Id }) },
  /** A settled purchase was refunded in the ledger; its money goes back through the provider after commit. */
  'purchase.refunded': { payload: z.object({ purchaseId: Id }) },
  /** Someone filed a report (moderators and admins are told). */
  'report.created': { payload: z.object({ reportId: Id }) },
  /** Staff resolved a report (rejected or acted on). */
  'report.resolved': { payload: z.object({ reportId: Id }) },
  /**
   * Notifications were written for some users, with ids in [fromId, toId] (one event per write or
   * per fan-out batch, never one per row): each process's open streams read the new ones of their users.
   */
  'notifications.created': { payload: z.object({ fromId: z.number().int().positive(), toId: z.number().int().positive() }) },
} as const;

export type EventName = keyof typeof eventDefinitions;
export type EventPayload<N extends EventName> = z.infer<(typeof eventDefinitions)[N]['payload']>;

/** An event as subscribers receive it: its outbox id (increasing in commit order per process's view), name and payload. */
export interface DeliveredEvent<N extends EventName = EventName> {
  id: string;
  name: N;
  payload: EventPayload<N>;
}
