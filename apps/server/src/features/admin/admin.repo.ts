import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Role } from '../../db/schema.ts';

export const ADMIN_USERS_PAGE_SIZE = 20;

/** `%`, `_` and `\` stand for themselves in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The administration's SQL: accounts as the users page shows them, and what admins change on them. */
export function createAdminRepo(db: Db) {
  return {
    /** Newest accounts first; counts of videos, stored bytes and bought slots per account, and the total. */
    async users(opts: {
      id?: string;
      query?: string;
      filter?: 'pending' | 'suspended' | 'staff';
      offset: number;
      limit: number;
    }) {
      // A deleted account (a tombstone, account-deletion.ts) is no longer an account to administer.
      let q = db.selectFrom('users as u').where('u.deleted_at', 'is', null);
      if (opts.id) q = q.where('u.id', '=', opts.id);
      if (opts.query) {
        const pattern = likePattern(opts.query);
        q = q.where((eb) =>
          eb.or([eb('u.username', 'ilike', pattern), eb('u.fullname', 'ilike', pattern), eb('u.email', 'ilike', pattern)]),
        );
      }
      if (opts.filter === 'pending') q = q.where('u.approval_pending', '=', true);
      if (opts.filter === 'suspended') q = q.where('u.suspended_reason', 'is not', null);
      if (opts.filter === 'staff') q = q.where('u.role', '<>', 'user');
      return q
        .select([
          'u.id',
          'u.username',
          'u.fullname',
          'u.avatar',
          'u.email',
          'u.role',
          'u.suspended_reason',
          'u.approval_pending',
          'u.upload_limit',
          'u.storage_quota_bytes',
          'u.created_at',
          sql<number>`(SELECT count(*) FROM videos v WHERE v.owner_id = u.id)`.as('uploads'),
          sql<number>`(SELECT coalesce(sum(v.size_bytes), 0) FROM videos v WHERE v.owner_id = u.id)`.as('storage_bytes'),
          sql<number>`(SELECT coalesce(sum(e.upload_slots), 0) FROM entitlements e WHERE e.user_id = u.id AND e.kind = 'uploads')`.as(
            'extra_slots',
          ),
          sql<number>`count(*) OVER ()`.as('total'),
        ])
        .orderBy('u.created_at', 'desc')
        .orderBy('u.id', 'desc')
        .offset(opts.offset)
        .limit(opts.limit)
        .execute();
    },

    /** Usernames are unique in any letter case (users.repo). */
    async findByUsername(username: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username'])
        .where(sql`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    async findRole(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'role', 'approval_pending'])
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** The admins, locked until the transaction ends: two demotions at once cannot both pass the last-admin rule. */
    async lockAdmins(): Promise<string[]> {
      const rows = await db.selectFrom('users').select('id').where('role', '=', 'admin').forUpdate().execute();
      return rows.map((r) => r.id);
    },

    async setRole(userId: string, role: Role) {
      await db.updateTable('users').set({ role, updated_at: new Date() }).where('id', '=', userId).execute();
    },

    async setLimits(userId: string, limits: { upload_limit?: number | null; storage_quota_bytes?: number | null }) {
      await db
        .updateTable('users')
        .set({ ...limits, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
    },

    /** True when the account was waiting for approval (and no longer is). */
    async approve(userId: string): Promise<boolean> {
      const res = await db
        .updateTable('users')
        .set({ approval_pending: false, updated_at: new Date() })
        .where('id', '=', userId)
        .where('approval_pending', '=', true)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** True when the account had a second factor (set up or on), which is gone now. */
    async resetTwoFactor(userId: string): Promise<boolean> {
      const res = await db.deleteFrom('user_two_factor').where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}
export type AdminRepo = ReturnType<typeof createAdminRepo>;
