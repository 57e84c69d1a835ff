import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';
import { EmailVerification } from './account-mail.ts';
import { MAX_STORAGE_QUOTA_BYTES, MAX_UPLOAD_LIMIT } from './limits.ts';

/** Who may create an account: anyone, nobody, or anyone an admin then approves. */
export const Registrations = z.enum(['open', 'closed', 'approval']);
export type Registrations = z.infer<typeof Registrations>;

/** GET, PATCH /api/admin/settings (API.md §12). Null defaults: UPLOAD_LIMIT_DEFAULT / unlimited storage. */
export const InstanceSettings = z.object({
  registrations: Registrations,
  defaultUploadLimit: z.number().int().min(0).max(MAX_UPLOAD_LIMIT).nullable(),
  defaultStorageQuotaBytes: z.number().int().min(0).max(MAX_STORAGE_QUOTA_BYTES).nullable(),
  instanceName: singleLineText().trim().min(1, 'Instance name is required').max(100),
  instanceTerms: multiLineText().max(20000),
  emailVerification: EmailVerification,
});
export type InstanceSettings = z.infer<typeof InstanceSettings>;

export const SettingsPatch = InstanceSettings.partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, { message: 'Nothing to change' });
export type SettingsPatch = z.infer<typeof SettingsPatch>;

/** GET /api/instance: what the sign-in and register pages show, to anyone. */
export const PublicInstance = InstanceSettings.pick({
  instanceName: true,
  instanceTerms: true,
  registrations: true,
  emailVerification: true,
});
export type PublicInstance = z.infer<typeof PublicInstance>;
