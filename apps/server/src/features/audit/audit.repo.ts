import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';

/** One staff action: who (null: the command line), what, on what, and why. */
export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  /** What the action changed, e.g. `user → admin`. */
  change?: string;
  /** Why, as the staff member gave it. */
  reason?: string;
}

/** The audit log's SQL: appended (the database refuses UPDATE, DELETE and TRUNCATE), read newest first. */
export function createAuditRepo(db: Db) {
  return {
    async append(entry: AuditEntry) {
      await db
        .insertInto('audit_log')
        .values({
          id: newId(),
          actor_id: entry.actorId,
          action: entry.action,
          target_type: entry.targetType,
          target_id: entry.targetId,
          reason: entry.reason ?? '',
          change: entry.change ?? '',
        })
        .execute();
    },

    async page(offset: number, limit: number) {
      return (
        db
          .selectFrom('audit_log as a')
          .leftJoin('users as u', 'u.id', 'a.actor_id')
          // A user target's name; other targets (videos, comments) are named by their id.
          .leftJoin('users as t', (join) => join.onRef('t.id', '=', 'a.target_id').on('a.target_type', '=', 'user'))
          .select([
            'a.id',
            'a.action',
            'a.target_type',
            'a.target_id',
            'a.reason',
            'a.change',
            'a.created_at',
            'a.actor_id',
            'u.username as actor_username',
            'u.fullname as actor_fullname',
            'u.avatar as actor_avatar',
            't.username as target_username',
          ])
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute()
      );
    },
  };
}
export type AuditRepo = ReturnType<typeof createAuditRepo>;
