import { z } from 'zod';
import { Owner } from './common.ts';
import { multiLineText, singleLineText } from './text.ts';
import { MODERATION_REASON_MAX } from './moderation.ts';
import { Role } from './users.ts';
import { MAX_STORAGE_QUOTA_BYTES, MAX_UPLOAD_LIMIT } from './limits.ts';

const page = z.coerce.number().int().min(1).max(100000).optional();

/** GET /api/admin/users (API.md §12): a search in username, full name and email; 20 a page. */
export const AdminUsersQuery = z.object({
  query: singleLineText().trim().max(100).optional(),
  /** `pending`: accounts awaiting approval; `suspended`; `staff`: moderators and admins. */
  filter: z.enum(['pending', 'suspended', 'staff']).optional(),
  page,
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** One account as the users page shows it. Limits are the effective ones; `overrides` what the admin set. */
export const AdminUser = Owner.extend({
  email: z.string(),
  role: Role,
  suspended: z.boolean(),
  suspendedReason: z.string().nullable(),
  approvalPending: z.boolean(),
  /** Videos uploaded, and how many they may upload (their limit plus bought slots). */
  uploads: z.number(),
  uploadLimit: z.number(),
  /** Bytes their videos and unfinished uploads hold; their quota (null: unlimited). */
  storageBytes: z.number(),
  storageQuotaBytes: z.number().nullable(),
  overrides: z.object({ uploadLimit: z.number().nullable(), storageQuotaBytes: z.number().nullable() }),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUsersPage = z.object({ users: z.array(AdminUser), total: z.number() });
export type AdminUsersPage = z.infer<typeof AdminUsersPage>;

/** PATCH /api/admin/users/:id: null puts a limit back to the instance default. */
export const AdminUserPatch = z
  .object({
    // A text first, so a control character is named as such (like every text field), then a role.
    role: singleLineText().pipe(Role).optional(),
    uploadLimit: z.number().int().min(0).max(MAX_UPLOAD_LIMIT).nullable().optional(),
    storageQuotaBytes: z.number().int().min(0).max(MAX_STORAGE_QUOTA_BYTES).nullable().optional(),
    /** Why (kept in the audit log beside the change); not a change by itself. */
    reason: multiLineText().trim().max(MODERATION_REASON_MAX).optional(),
  })
  .strict()
  .refine((p) => Object.keys(p).some((k) => k !== 'reason'), { message: 'Nothing to change' });
export type AdminUserPatch = z.infer<typeof AdminUserPatch>;

/** POST /api/admin/users/:id/2fa/reset: why, kept in the audit log. */
export const AdminTwoFactorReset = z.object({ reason: multiLineText().trim().max(MODERATION_REASON_MAX).optional() });

export const AuditPaging = z.object({ page });

/** One staff action (GET /api/admin/audit); `actor` null: done on the command line. */
export const AuditEntry = z.object({
  _id: z.string(),
  actor: Owner.nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** A user target's username (shown as `@name`); null for other targets or a deleted account. */
  targetName: z.string().nullable(),
  /** What the action changed, e.g. `user → admin` ('' when the action has nothing to show). */
  change: z.string(),
  /** The reason the staff member gave ('' when none). */
  reason: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** GET /api/admin/jobs: unfinished and finished jobs per queue and state, and the latest failures. */
export const JobsView = z.object({
  counts: z.array(z.object({ queue: z.string(), state: z.string(), count: z.number() })),
  failed: z.array(
    z.object({
      id: z.string(),
      queue: z.string(),
      error: z.string(),
      failedAt: z.string(),
      /** The payload as short JSON (e.g. `{"videoId":"…"}`), cut at 200 characters. */
      payload: z.string(),
    }),
  ),
});
export type JobsView = z.infer<typeof JobsView>;

/** GET /api/admin/uploads: an unfinished resumable upload (oldest first). */
export const AdminUpload = z.object({
  _id: z.string(),
  owner: z.object({ _id: z.string(), username: z.string() }),
  declaredBytes: z.number(),
  receivedBytes: z.number(),
  /** Being made into a video right now (it cannot be deleted then). */
  claimed: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type AdminUpload = z.infer<typeof AdminUpload>;
