import { createHash, randomBytes } from 'node:crypto';
import type { CurrentUser } from '@streamhub/contract';
import type { Role } from '../../db/schema.ts';
import type { SessionsRepo } from './sessions.repo.ts';

/** A session's id: the SHA-256 of its cookie token (`Viewer.sessionId`), computable from the cookie alone. */
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const hashToken = sessionIdOf;

export interface Viewer extends CurrentUser {
  sessionId: string;
  /** Read only by the access module's staff rule. */
  role: Role;
}

/** Revocable sessions: the cookie holds a random token; PostgreSQL holds only its hash. */
export function createSessionsService(repo: SessionsRepo, ttlMs: number) {
  return {
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
    async end(token: string) {
      await repo.delete(hashToken(token));
    },
    async endOthers(userId: string, keepSessionId: string | null) {
      await repo.deleteAllForUserExcept(userId, keepSessionId);
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
