import type { AdminUser, AdminUserPatch, AdminUsersPage, AdminUsersQuery, AuditEntry, JobsView, Role } from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { AccessService } from '../access/access.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { createAuditService, type AuditService } from '../audit/audit.service.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { ADMIN_USERS_PAGE_SIZE, createAdminRepo, type AdminRepo } from './admin.repo.ts';

interface Deps {
  db: Db;
  access: Pick<AccessService, 'assertStaff'>;
  audit: Pick<AuditService, 'on' | 'page'>;
  settings: Pick<SettingsService, 'get'>;
  queue: Pick<JobQueue, 'counts' | 'listFailed' | 'retry'>;
  /** UPLOAD_LIMIT_DEFAULT: the upload limit when neither the user nor the instance sets one. */
  uploadLimitDefault: number;
  uploads: Pick<UploadsService, 'listUnfinished' | 'removeUnfinished'>;
}

export const AUDIT_PAGE_SIZE = 50;
const FAILED_JOBS_SHOWN = 50;
const LAST_ADMIN = 'The last admin cannot stop being an admin';

type UserRow = Awaited<ReturnType<AdminRepo['users']>>[number];

/** `{"videoId":"…"}`, cut to 200 characters: enough to tell jobs apart, never a page of JSON. */
const summary = (data: unknown) => {
  const text = JSON.stringify(data ?? null);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
};

type RoleChange = { admin: AdminRepo; audit: ReturnType<AuditService['on']> };

/**
 * Gives `userId` the role (answers the one they had), in the caller's transaction, with its audit entry (`actorId` null: the
 * command line). The last admin keeps the role: someone must be able to administer.
 */
async function changeRole(tx: RoleChange, actorId: string | null, userId: string, role: Role, reason = ''): Promise<Role> {
  const target = await tx.admin.findRole(userId);
  if (!target) throw new NotFound('User does not exist');
  if (target.role === role) return target.role;
  const admins = await tx.admin.lockAdmins();
  if (target.role === 'admin' && admins.length <= 1) throw new Conflict(LAST_ADMIN);
  await tx.admin.setRole(userId, role);
  await tx.audit.record({
    actorId,
    action: 'user.role',
    targetType: 'user',
    targetId: userId,
    change: `${target.role} → ${role}`,
    reason,
  });
  return target.role;
}

/**
 * `npm run admin -- grant <username> <role>` (admin-cli.ts): no session and no staff rule (whoever
 * runs it holds the database), audited with no actor; the last-admin rule holds here too.
 */
export async function grantFromCommandLine(db: Db, username: string, role: Role) {
  const user = await createAdminRepo(db).findByUsername(username);
  if (!user) throw new NotFound(`No user named ${username}`);
  const audit = createAuditService(db);
  const previous = await db
    .transaction()
    .execute((trx) => changeRole({ admin: createAdminRepo(trx), audit: audit.on(trx) }, null, user.id, role));
  return { userId: user.id, username: user.username, previous };
}

/**
 * Administration (API.md §12, docs/moderation.md): accounts (roles, limits, approvals), the audit
 * log and the job queue. Admins only, asked of the access module's staff rule on every call;
 * every change is written to the audit log in its own transaction.
 */
export function createAdminService(deps: Deps) {
  const { db, audit, settings, queue, uploadLimitDefault, uploads } = deps;
  // Named with its type: TypeScript calls an assertion (assertStaff) only through such a name.
  const access: Deps['access'] = deps.access;
  const repo = createAdminRepo(db);
  const inTransaction = unitOfWork(db, (q) => ({ admin: createAdminRepo(q), audit: audit.on(q) }));

  async function toAdminUsers(viewer: Viewer, rows: UserRow[]): Promise<AdminUser[]> {
    const defaults = await settings.get(viewer);
    return rows.map((r) => {
      const quota = r.storage_quota_bytes ?? defaults.defaultStorageQuotaBytes;
      return {
        _id: r.id,
        username: r.username,
        fullname: r.fullname,
        avatar: r.avatar,
        email: r.email,
        role: r.role,
        suspended: r.suspended_reason !== null,
        suspendedReason: r.suspended_reason,
        approvalPending: r.approval_pending,
        uploads: Number(r.uploads),
        uploadLimit: (r.upload_limit ?? defaults.defaultUploadLimit ?? uploadLimitDefault) + Number(r.extra_slots),
        storageBytes: Number(r.storage_bytes),
        storageQuotaBytes: quota === null ? null : Number(quota),
        overrides: { uploadLimit: r.upload_limit, storageQuotaBytes: r.storage_quota_bytes },
        createdAt: r.created_at.toISOString(),
      };
    });
  }

  async function oneUser(viewer: Viewer, userId: string): Promise<AdminUser> {
    const rows = await repo.users({ id: userId, offset: 0, limit: 1 });
    if (rows.length === 0) throw new NotFound('User does not exist');
    return (await toAdminUsers(viewer, rows))[0]!;
  }

  return {
    async users(viewer: Viewer | null, query: AdminUsersQuery): Promise<AdminUsersPage> {
      access.assertStaff(viewer, 'admin');
      const page = query.page ?? 1;
      const rows = await repo.users({
        query: query.query || undefined,
        filter: query.filter,
        offset: (page - 1) * ADMIN_USERS_PAGE_SIZE,
        limit: ADMIN_USERS_PAGE_SIZE,
      });
      return { users: await toAdminUsers(viewer, rows), total: Number(rows[0]?.total ?? 0) };
    },

    /** Role and limits of one account; each kind of change is one audit entry. */
    async updateUser(viewer: Viewer | null, userId: string, patch: AdminUserPatch): Promise<AdminUser> {
      access.assertStaff(viewer, 'admin');
      await inTransaction(async (tx) => {
        if (!(await tx.admin.findRole(userId))) throw new NotFound('User does not exist');
        if (patch.role !== undefined) await changeRole(tx, viewer._id, userId, patch.role, patch.reason);
        const limits = {
          ...(patch.uploadLimit !== undefined ? { upload_limit: patch.uploadLimit } : {}),
          ...(patch.storageQuotaBytes !== undefined ? { storage_quota_bytes: patch.storageQuotaBytes } : {}),
        };
        if (Object.keys(limits).length > 0) {
          await tx.admin.setLimits(userId, limits);
          const change = Object.entries(limits)
            .map(([k, v]) => `${k === 'upload_limit' ? 'uploadLimit' : 'storageQuotaBytes'}: ${v ?? 'default'}`)
            .join(', ');
          await tx.audit.record({
            actorId: viewer._id,
            action: 'user.limits',
            targetType: 'user',
            targetId: userId,
            change,
            reason: patch.reason ?? '',
          });
        }
      });
      return oneUser(viewer, userId);
    },

    /** An account registered while registrations needed approval may now sign in. */
    async approve(viewer: Viewer | null, userId: string): Promise<AdminUser> {
      access.assertStaff(viewer, 'admin');
      await inTransaction(async (tx) => {
        const target = await tx.admin.findRole(userId);
        if (!target) throw new NotFound('User does not exist');
        if (!(await tx.admin.approve(userId))) throw new Conflict('Account is not awaiting approval');
        await tx.audit.record({ actorId: viewer._id, action: 'user.approve', targetType: 'user', targetId: userId });
      });
      return oneUser(viewer, userId);
    },

    /**
     * A user who lost their authenticator and recovery codes signs in with the password alone
     * again (docs/accounts.md): their TOTP secret and recovery codes go, audited with the reason.
     */
    async resetTwoFactor(viewer: Viewer | null, userId: string, reason: string): Promise<void> {
      access.assertStaff(viewer, 'admin');
      await inTransaction(async (tx) => {
        if (!(await tx.admin.findRole(userId))) throw new NotFound('User does not exist');
        if (!(await tx.admin.resetTwoFactor(userId))) throw new Conflict('Two-factor authentication is off');
        await tx.audit.record({ actorId: viewer._id, action: 'user.2fa.reset', targetType: 'user', targetId: userId, reason });
      });
    },

    /** `npm run admin -- grant <username> <role>` (admin-cli.ts): no session, audited with no actor. */
    async auditLog(viewer: Viewer | null, page = 1): Promise<AuditEntry[]> {
      access.assertStaff(viewer, 'admin');
      const rows = await audit.page(page, AUDIT_PAGE_SIZE);
      return rows.map((r) => {
        // Before migration 0042 a role or limits change was written in `reason`: read it as the change.
        const legacy = r.change === '' && (r.action === 'user.role' || r.action === 'user.limits');
        return {
          _id: r.id,
          actor:
            r.actor_id && r.actor_username !== null
              ? { _id: r.actor_id, username: r.actor_username, fullname: r.actor_fullname!, avatar: r.actor_avatar! }
              : null,
          action: r.action,
          targetType: r.target_type,
          targetId: r.target_id,
          targetName: r.target_username ?? null,
          change: legacy ? r.reason : r.change,
          reason: legacy ? '' : r.reason,
          createdAt: r.created_at.toISOString(),
        };
      });
    },

    async jobs(viewer: Viewer | null): Promise<JobsView> {
      access.assertStaff(viewer, 'admin');
      const [counts, failed] = await Promise.all([queue.counts(), queue.listFailed(FAILED_JOBS_SHOWN)]);
      return {
        counts,
        failed: failed.map((j) => ({
          id: j.id,
          queue: j.queue,
          error: j.error,
          failedAt: j.failedAt.toISOString(),
          payload: summary(j.data),
        })),
      };
    },

    /** GET /api/admin/uploads: every unfinished resumable upload. */
    async unfinishedUploads(viewer: Viewer | null) {
      access.assertStaff(viewer, 'admin');
      return uploads.listUnfinished();
    },

    /** DELETE /api/admin/uploads/:id: its bytes and its reservation go; audited (`upload.delete`). */
    async deleteUpload(viewer: Viewer | null, uploadId: string): Promise<void> {
      access.assertStaff(viewer, 'admin');
      await uploads.removeUnfinished(uploadId, (trx) =>
        audit.on(trx).record({ actorId: viewer._id, action: 'upload.delete', targetType: 'upload', targetId: uploadId }),
      );
    },

    async retryJob(viewer: Viewer | null, jobId: string): Promise<void> {
      access.assertStaff(viewer, 'admin');
      // The retry and its entry in one transaction (pg-boss's tables are in the same database).
      await db.transaction().execute(async (trx) => {
        if (!(await queue.retry(jobId, { trx }))) throw new NotFound('No failed job with this id');
        await audit.on(trx).record({ actorId: viewer._id, action: 'job.retry', targetType: 'job', targetId: jobId });
      });
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
