import type { EmailVerification, InstanceSettings, PublicInstance, Registrations, SettingsPatch } from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import type { AccessService } from '../access/access.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import { createSettingsRepo, type SettingsRow } from './settings.repo.ts';

interface Deps {
  db: Db;
  access: Pick<AccessService, 'assertStaff'>;
  audit: Pick<AuditService, 'on'>;
}

const toSettings = (r: SettingsRow): InstanceSettings => ({
  registrations: r.registrations,
  defaultUploadLimit: r.default_upload_limit,
  defaultStorageQuotaBytes: r.default_storage_quota_bytes,
  instanceName: r.instance_name,
  instanceTerms: r.instance_terms,
  emailVerification: r.email_verification,
});

const COLUMN = {
  registrations: 'registrations',
  defaultUploadLimit: 'default_upload_limit',
  defaultStorageQuotaBytes: 'default_storage_quota_bytes',
  instanceName: 'instance_name',
  instanceTerms: 'instance_terms',
  emailVerification: 'email_verification',
} as const satisfies Record<keyof InstanceSettings, keyof SettingsRow>;

/** What the audit entry of a change says: the fields set and their new values (terms by length only). */
function describe(patch: SettingsPatch): string {
  return Object.entries(patch)
    .map(([key, value]) =>
      key === 'instanceTerms' ? `instanceTerms: ${String(value).length} characters` : `${key}: ${JSON.stringify(value)}`,
    )
    .join(', ');
}

/**
 * The instance's settings (docs/moderation.md, "Settings and registrations"): registrations,
 * default quotas, name and terms. Admins read and change them; every change is audited. Read on
 * every use (one indexed row), so a change holds in every process at once.
 */
export function createSettingsService(deps: Deps) {
  const { db, audit } = deps;
  // Named with its type: TypeScript calls an assertion (assertStaff) only through such a name.
  const access: Deps['access'] = deps.access;
  const repo = createSettingsRepo(db);
  const inTransaction = unitOfWork(db, (q) => ({ settings: createSettingsRepo(q), audit: audit.on(q) }));

  return {
    async get(viewer: Viewer | null): Promise<InstanceSettings> {
      access.assertStaff(viewer, 'admin');
      return toSettings(await repo.get());
    },

    async update(viewer: Viewer | null, patch: SettingsPatch): Promise<InstanceSettings> {
      access.assertStaff(viewer, 'admin');
      return inTransaction(async (tx) => {
        const columns = Object.fromEntries(
          Object.entries(patch).map(([key, value]) => [COLUMN[key as keyof InstanceSettings], value]),
        ) as Partial<SettingsRow>;
        await tx.settings.update(columns);
        await tx.audit.record({
          actorId: viewer._id,
          action: 'settings.update',
          targetType: 'settings',
          targetId: null,
          reason: describe(patch),
        });
        return toSettings(await tx.settings.get());
      });
    },

    /** What the sign-in page shows to anyone. */
    async publicView(): Promise<PublicInstance> {
      const { registrations, instanceName, instanceTerms, emailVerification } = toSettings(await repo.get());
      return { registrations, instanceName, instanceTerms, emailVerification };
    },

    /** Whether accounts may be created now, and how (the register call asks). */
    async registrations(): Promise<Registrations> {
      return (await repo.get()).registrations;
    },

    /** Whether new accounts must prove their address before signing in (API.md §19). */
    async emailVerification(): Promise<EmailVerification> {
      return (await repo.get()).email_verification;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
