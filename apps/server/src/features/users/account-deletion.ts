import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Events } from '../../events/events.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { BadInput, Forbidden, NotFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { mediaKeys, thumbnailFiles } from '../../storage/media-keys.ts';
import type { Storage } from '../../storage/storage.ts';
import type { AccessService } from '../access/access.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { PurchasesService } from '../purchases/purchases.service.ts';
import type { SessionsService, Viewer } from '../sessions/sessions.service.ts';
import type { TwoFactorService } from '../two-factor/two-factor.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';

/** The reason a buyer reads on a purchase refunded because its creator's account went. */
export const ACCOUNT_DELETED = 'The creator deleted their account';
export const CODE_REQUIRED = 'Enter a code from your authenticator app or a recovery code';
export const WRONG_CODE = 'Invalid two-factor code';
export const STAFF_NOT_DELETED = 'An admin account cannot be deleted';
/** What a deleted account still shows where something points at it (a purchase, the ledger, the audit log). */
export const DELETED_NAME = 'Deleted user';

interface Deps {
  db: Db;
  purchases: Pick<PurchasesService, 'on'>;
  sessions: Pick<SessionsService, 'on'>;
  events: Pick<Events, 'publish'>;
  queue: Pick<JobQueue, 'cancel' | 'abortRunning'>;
  storage: Pick<Storage, 'delete' | 'deletePrefix'>;
  uploads: Pick<UploadsService, 'removeAllOf'>;
  twoFactor: Pick<TwoFactorService, 'enabled' | 'confirm'>;
  audit: Pick<AuditService, 'on'>;
  access: Pick<AccessService, 'assertStaff'>;
  log: { warn(obj: object, msg: string): void };
}

/** A video's files, removed once its row is gone. */
type VideoFiles = { id: string; media_key: string; source_key: string | null; thumbnail: string };

/**
 * Deleting an account (API.md §19, docs/accounts.md), by its owner or an admin. At once, in one
 * transaction: every session ends; buyers of its paid videos and playlists are refunded as in a
 * takedown (the same ledger path, once); everything that belongs to the account goes (every row
 * whose reference to the user is ON DELETE CASCADE: videos, posts, comments, likes, history,
 * playlists, subscriptions both ways, notifications, settings, tokens); the row stays as a
 * tombstone that names nobody, keeps its username and can never sign in, since purchases and the
 * append-only ledger point at it. Then its files go (videos, thumbnails, avatar, unfinished uploads).
 */
export function createAccountDeletion(deps: Deps) {
  const { db, purchases, sessions, events, queue, storage, uploads, twoFactor, audit, log } = deps;
  const access: Deps['access'] = deps.access;

  /** Every table whose rows go with a user's (ON DELETE CASCADE) or forget it (SET NULL), from the catalog. */
  async function userReferences(q: Db) {
    const { rows } = await sql<{ tbl: string; col: string; action: 'c' | 'n' }>`
      SELECT c.conrelid::regclass::text AS tbl, a.attname AS col, c.confdeltype AS action
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass AND c.confdeltype IN ('c', 'n')
      ORDER BY tbl, col`.execute(q);
    return rows;
  }

  async function erase(userId: string, audited?: { actorId: string }) {
    const erased = await db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'avatar'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!user) return null;
      const videos: VideoFiles[] = await trx
        .selectFrom('videos')
        .select(['id', 'media_key', 'source_key', 'thumbnail'])
        .where('owner_id', '=', userId)
        .execute();
      // Buyers first, while the items exist: each settled purchase refunded once, in this transaction.
      const sold = await trx
        .selectFrom('purchases')
        .select(['video_id', 'playlist_id'])
        .distinct()
        .where('status', '=', 'settled')
        .where((eb) =>
          eb.or([
            eb('video_id', 'in', eb.selectFrom('videos').select('id').where('owner_id', '=', userId)),
            eb('playlist_id', 'in', eb.selectFrom('playlists').select('id').where('owner_id', '=', userId)),
          ]),
        )
        .execute();
      const refunds = purchases.on(trx);
      for (const item of sold) {
        if (item.video_id) await refunds.refundBuyers({ videoId: item.video_id }, ACCOUNT_DELETED);
        else if (item.playlist_id) await refunds.refundBuyers({ playlistId: item.playlist_id }, ACCOUNT_DELETED);
      }
      // Memberships end, the account's own and its channel's members' (nothing renews them), and its offer goes.
      await trx
        .updateTable('memberships')
        .set({ state: 'ended', updated_at: sql<Date>`now()` })
        .where((eb) => eb.or([eb('member_id', '=', userId), eb('channel_id', '=', userId)]))
        .where('state', 'in', ['pending', 'active', 'cancelled'])
        .execute();
      await trx.deleteFrom('membership_offers').where('channel_id', '=', userId).execute();
      await sessions.on(trx).endAll(userId);
      for (const video of videos) {
        await events.publish(trx, 'video.deleted', { videoId: video.id, ownerId: userId });
        await events.publish(trx, 'video.media.gone', { videoId: video.id });
        for (const job of ['video.transcode', 'video.transcode.dead', 'video.publish'] as const) {
          await queue.cancel(job, { videoId: video.id }, { trx });
        }
      }
      for (const ref of await userReferences(trx)) {
        if (ref.action === 'c') await sql`DELETE FROM ${sql.table(ref.tbl)} WHERE ${sql.ref(ref.col)} = ${userId}`.execute(trx);
        else
          await sql`UPDATE ${sql.table(ref.tbl)} SET ${sql.ref(ref.col)} = NULL WHERE ${sql.ref(ref.col)} = ${userId}`.execute(
            trx,
          );
      }
      await trx
        .updateTable('users')
        .set({
          email: `deleted-${userId}@deleted.invalid`,
          fullname: DELETED_NAME,
          avatar: '',
          password_hash: '!',
          role: 'user',
          email_verified_at: null,
          suspended_reason: null,
          suspended_at: null,
          deleted_at: new Date(),
          updated_at: new Date(),
        })
        .where('id', '=', userId)
        .execute();
      await events.publish(trx, 'user.changed', { userId });
      if (audited) {
        await audit.on(trx).record({ actorId: audited.actorId, action: 'user.delete', targetType: 'user', targetId: userId });
      }
      return { videos, avatar: user.avatar };
    });
    if (!erased) throw new NotFound('User does not exist');
    // The files, once nothing points at them (a crash here leaves files nobody can reach; docs/accounts.md).
    for (const video of erased.videos) {
      await queue.abortRunning('video.transcode', { videoId: video.id });
      await removeFiles(video);
    }
    if (erased.avatar) await storage.delete(erased.avatar).catch(() => undefined);
    // Its data exports (features/account-export), whose rows went with the account's.
    await storage.deletePrefix(`exports/${userId}`).catch(() => undefined);
    await uploads
      .removeAllOf(userId)
      .catch((err: unknown) => log.warn({ err: String(err), userId }, 'unfinished uploads not removed'));
  }

  async function removeFiles(video: VideoFiles) {
    try {
      await storage.deletePrefix(video.media_key);
      if (video.source_key) await storage.delete(video.source_key);
      for (const file of video.thumbnail ? thumbnailFiles(video.thumbnail) : []) await storage.delete(file);
      // A video taken down or hidden by a suspension keeps its files here (docs/moderation.md).
      await storage.deletePrefix(mediaKeys.removedFolder(video.id));
    } catch (err) {
      log.warn({ err: String(err), videoId: video.id }, 'files of a deleted account not removed');
    }
  }

  return {
    /** `DELETE /api/users/me`: the password, and a second factor's code when it is on. */
    async deleteOwn(viewer: Viewer, input: { password: string; code?: string | undefined }) {
      const user = await db.selectFrom('users').select('password_hash').where('id', '=', viewer._id).executeTakeFirst();
      if (!user) throw new NotFound('User does not exist');
      if (!(await verifyPassword(user.password_hash, input.password))) throw new Forbidden('Password incorrect');
      if (await twoFactor.enabled(viewer._id)) {
        if (!input.code) throw new BadInput(CODE_REQUIRED);
        if (!(await twoFactor.confirm(viewer._id, input.code))) throw new BadInput(WRONG_CODE);
      }
      await erase(viewer._id);
    },

    /** `DELETE /api/admin/users/:id` (admins; audited). Another admin's account is not theirs to delete. */
    async deleteByAdmin(viewer: Viewer | null, userId: string) {
      access.assertStaff(viewer, 'admin');
      const target = await db
        .selectFrom('users')
        .select('role')
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!target) throw new NotFound('User does not exist');
      if (target.role === 'admin') throw new Forbidden(STAFF_NOT_DELETED);
      await erase(userId, { actorId: viewer._id });
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
