import type { Restore, Suspend, Takedown, Unsuspend } from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import type { Events } from '../../events/events.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { AccessService, StaffRule } from '../access/access.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { PurchasesService } from '../purchases/purchases.service.ts';
import type { ReportsService } from '../reports/reports.service.ts';
import type { SessionsService, Viewer } from '../sessions/sessions.service.ts';
import { createModerationRepo } from './moderation.repo.ts';
import type { RemovableType, Removals } from './removals.ts';

interface Deps {
  db: Db;
  access: AccessService;
  audit: AuditService;
  removals: Removals;
  purchases: Pick<PurchasesService, 'on'>;
  reports: Pick<ReportsService, 'on'>;
  /** Each takedown, restore and suspension is announced in its transaction (the owner is notified). */
  events: Pick<Events, 'publish'>;
  /** Ending the suspended account's sessions, in the suspension's transaction. */
  sessions: Pick<SessionsService, 'on'>;
}

const NOUN: Record<RemovableType, string> = { video: 'Video', comment: 'Comment', post: 'Post', playlist: 'Playlist' };

/**
 * Takedowns, restores and suspensions (API.md §12, docs/moderation.md). Each is one transaction:
 * the content's state, the refunds of paid content, the reports it settles and the audit entry
 * commit together or not at all. The money goes back through the provider after the commit.
 */
export function createModerationService({ db, access, audit, removals, purchases, reports, events, sessions }: Deps) {
  const repo = createModerationRepo(db);
  const staff: StaffRule = access;

  /** Why nothing changed: 404 when the item does not exist, else 409 with `already`. */
  async function refusal(type: RemovableType, id: string, already: string) {
    if (!(await repo.itemExists(type, id))) return new NotFound(`${NOUN[type]} not found`);
    return new Conflict(already);
  }

  return {
    /**
     * Takes a video, comment, post or playlist down. Paid content (an exclusive video or
     * playlist) refunds every buyer in full, once: only the first of concurrent takedowns finds
     * the item not yet taken down (the others get 409), and only it finds the purchases settled.
     */
    async takedown(viewer: Viewer | null, body: Takedown): Promise<void> {
      staff.assertStaff(viewer, 'moderator');
      const { targetType: type, targetId: id, reason } = body;
      const done = await db.transaction().execute(async (trx) => {
        const owner = await createModerationRepo(trx).itemOwner(type, id);
        if (owner) staff.assertCanTakeDown(viewer, owner);
        const item = await removals.on(trx).takeDown(type, id, reason);
        if (!item) return false;
        if ((type === 'video' || type === 'playlist') && (await createModerationRepo(trx).isExclusive(type, id))) {
          // The money goes back after commit (purchase.refunded, docs/paid-content.md).
          await purchases.on(trx).refundBuyers(type === 'video' ? { videoId: id } : { playlistId: id }, reason);
        }
        if (type !== 'playlist') await reports.on(trx).actionTarget(type, id, viewer._id);
        await audit.on(trx).record({ actorId: viewer._id, action: 'takedown', targetType: type, targetId: id, reason });
        await events.publish(trx, 'moderation.takedown', { targetType: type, targetId: id });
        return true;
      });
      if (!done) throw await refusal(type, id, `This ${type} is already taken down`);
    },

    /** Puts a taken-down item back as it was; refunded purchases stay refunded (nobody is charged again). */
    async restore(viewer: Viewer | null, body: Restore): Promise<void> {
      staff.assertStaff(viewer, 'moderator');
      const { targetType: type, targetId: id } = body;
      const done = await db.transaction().execute(async (trx) => {
        const owner = await createModerationRepo(trx).itemOwner(type, id);
        if (owner) staff.assertCanTakeDown(viewer, owner);
        const item = await removals.on(trx).restore(type, id);
        if (!item) return false;
        await audit.on(trx).record({ actorId: viewer._id, action: 'restore', targetType: type, targetId: id });
        await events.publish(trx, 'moderation.restored', { targetType: type, targetId: id });
        return true;
      });
      if (!done) throw await refusal(type, id, `This ${type} is not taken down`);
    },

    /**
     * Suspends an account: its sessions end at once, login answers 403 with the reason, and its
     * videos, posts, comments and playlists are hidden as if taken down (no refunds). What a
     * moderator took down stays apart, so lifting the suspension restores only what it hid.
     */
    async suspend(viewer: Viewer | null, userId: string, body: Suspend): Promise<void> {
      staff.assertStaff(viewer, 'moderator');
      await db.transaction().execute(async (trx) => {
        const tx = createModerationRepo(trx);
        const user = await tx.lockUser(userId);
        if (!user) throw new NotFound('User not found');
        staff.assertCanSuspend(viewer, user);
        if (user.suspended_reason !== null) throw new Conflict('This account is already suspended');
        await tx.suspend(userId, body.reason);
        // Every session ends at once (the session lookup also ignores suspended users).
        await sessions.on(trx).endAll(userId);
        await removals.on(trx).hideOwner(userId, body.reason);
        await events.publish(trx, 'moderation.takedown', { targetType: 'channel', targetId: userId });
        // Reports on the channel were acted on.
        await reports.on(trx).actionTarget('channel', userId, viewer._id);
        await audit
          .on(trx)
          .record({ actorId: viewer._id, action: 'user.suspend', targetType: 'user', targetId: userId, reason: body.reason });
      });
    },

    /** Lifts a suspension: the account may sign in again and what the suspension hid is shown again. */
    async unsuspend(viewer: Viewer | null, userId: string, body: Unsuspend): Promise<void> {
      staff.assertStaff(viewer, 'moderator');
      await db.transaction().execute(async (trx) => {
        const tx = createModerationRepo(trx);
        const user = await tx.lockUser(userId);
        if (!user) throw new NotFound('User not found');
        staff.assertCanSuspend(viewer, user);
        if (user.suspended_reason === null) throw new Conflict('This account is not suspended');
        await tx.unsuspend(userId);
        await removals.on(trx).showOwner(userId);
        await events.publish(trx, 'moderation.restored', { targetType: 'channel', targetId: userId });
        await audit.on(trx).record({
          actorId: viewer._id,
          action: 'user.unsuspend',
          targetType: 'user',
          targetId: userId,
          reason: body.reason ?? '',
        });
      });
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
