import type { Db } from '../../db/database.ts';

export function createSessionsRepo(db: Db) {
  return {
    async insert(row: { id: string; userId: string; expiresAt: Date }) {
      await db.insertInto('sessions').values({ id: row.id, user_id: row.userId, expires_at: row.expiresAt }).execute();
    },
    /** The session's user, if the session exists and has not expired. */
    async findUser(id: string) {
      return (
        db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .select(['users.id', 'users.username', 'users.fullname', 'users.avatar', 'users.role', 'sessions.expires_at'])
          .where('sessions.id', '=', id)
          .where('sessions.expires_at', '>', new Date())
          // A suspension ends every session; this keeps one started in the same instant from living on.
          .where('users.suspended_reason', 'is', null)
          .executeTakeFirst()
      );
    },
    async deleteExpiredForUser(userId: string) {
      await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', new Date()).execute();
    },
    /** Deletes one session; its user when it existed. */
    async delete(id: string): Promise<string | undefined> {
      const row = await db.deleteFrom('sessions').where('id', '=', id).returning('user_id').executeTakeFirst();
      return row?.user_id;
    },
    async deleteAllForUserExcept(userId: string, keepId: string | null) {
      let q = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepId) q = q.where('id', '<>', keepId);
      await q.execute();
    },
    async extend(id: string, expiresAt: Date) {
      await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
    },
  };
}
export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
