import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { InstanceSettingsTable } from '../../db/schema.ts';

export type SettingsRow = Omit<Selectable<InstanceSettingsTable>, 'id' | 'updated_at'>;

/** The one row of `instance_settings` (migration 0014 inserts it; a CHECK keeps it alone). */
export function createSettingsRepo(db: Db) {
  return {
    async get(): Promise<SettingsRow> {
      return db
        .selectFrom('instance_settings')
        .select([
          'registrations',
          'default_upload_limit',
          'default_storage_quota_bytes',
          'instance_name',
          'instance_terms',
          'email_verification',
        ])
        .executeTakeFirstOrThrow();
    },
    async update(patch: Partial<SettingsRow>): Promise<void> {
      await db
        .updateTable('instance_settings')
        .set({ ...patch, updated_at: new Date() })
        .execute();
    },
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
