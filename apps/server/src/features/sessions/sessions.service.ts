import { createHash, randomBytes } from 'node:crypto';
import type { CurrentUser } from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import type { Role } from '../../db/schema.ts';
import type { Events } from '../../events/events.ts';
import { createSessionsRepo, type SessionsRepo } from './sessions.repo.ts';

/** A session's id: the SHA-256 of its cookie token (`Viewer.sessionId`), computable from the cookie alone. */
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const hashToken = sessionIdOf;

export interface Viewer extends CurrentUser {
  sessionId: string;
  /** Read only by the access module's staff rule. */
  role: Role;
}

/**
 * Revocable sessions: the cookie holds a random token; PostgreSQL holds only its hash.
 *
 * Every way a session ends (logout, suspension, a password change or reset, deleting the account)
 * goes through `end`, `endAll` or `endOthers` here (or their `on(trx)` forms inside the caller's
 * transaction), which publish `sessions.ended` with the deletion: every process then closes the
 * ended sessions' open streams (notifications, live chats), which otherwise outlive them.
 */
export function createSessionsService(
  repo: SessionsRepo,
  ttlMs: number,
  { db, events }: { db: Db; events: Pick<Events, 'publish'> },
) {
  /** Ending sessions inside `trx`, announced in it. */
  function on(trx: Db) {
    const tx = createSessionsRepo(trx);
    return {
      /** Ends one session (logout); nothing when it had already ended. */
      async end(sessionId: string) {
        const userId = await tx.delete(sessionId);
        if (userId) await events.publish(trx, 'sessions.ended', { userId, sessionId, exceptSessionId: null });
      },
      /** Ends every session of `userId` (suspension, password reset, account deletion). */
      async endAll(userId: string) {
        await tx.deleteAllForUserExcept(userId, null);
        await events.publish(trx, 'sessions.ended', { userId, sessionId: null, exceptSessionId: null });
      },
      /** Ends every session of `userId` but `keepSessionId` (a password change keeps the caller's). */
      async endOthers(userId: string, keepSessionId: string | null) {
        await tx.deleteAllForUserExcept(userId, keepSessionId);
        await events.publish(trx, 'sessions.ended', { userId, sessionId: null, exceptSessionId: keepSessionId });
      },
    };
  }

  return {
    on,
    async start(userId: string): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + ttlMs);
      // Expired rows are swept per account as it signs in, so the table never grows without bound.
      await repo.deleteExpiredForUser(userId);
      await repo.insert({ id: hashToken(token), userId, expiresAt });
      return { token, expiresAt };
    },
    /** The session's viewer; `renewedUntil` when its expiry just slid forward (the cookies follow). */
    async resolve(token: string): Promise<{ viewer: Viewer; renewedUntil: Date | null } | null> {
      const id = hashToken(token);
      const row = await repo.findUser(id);
      if (!row) return null;
      // Slide the expiry at most once a day, so a busy user does not write on every request.
      const renewAt = new Date(Date.now() + ttlMs - 24 * 60 * 60 * 1000);
      let renewedUntil: Date | null = null;
      if (row.expires_at < renewAt) {
        renewedUntil = new Date(Date.now() + ttlMs);
        await repo.extend(id, renewedUntil);
      }
      const viewer = {
        _id: row.id,
        username: row.username,
        fullname: row.fullname,
        avatar: row.avatar,
        sessionId: id,
        role: row.role,
      };
      return { viewer, renewedUntil };
    },
    /** Logout: ends the session of this cookie token. */
    async end(token: string) {
      await db.transaction().execute((trx) => on(trx).end(hashToken(token)));
    },
    async endAll(userId: string) {
      await db.transaction().execute((trx) => on(trx).endAll(userId));
    },
    async endOthers(userId: string, keepSessionId: string | null) {
      await db.transaction().execute((trx) => on(trx).endOthers(userId, keepSessionId));
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
