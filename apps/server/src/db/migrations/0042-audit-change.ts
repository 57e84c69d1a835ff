import { sql, type Kysely } from 'kysely';

/**
 * The audit log keeps what an action changed (`user → admin`, new limits) apart from the reason the
 * staff member gave (docs/moderation.md, "Audit log"). Rows written before this migration kept a
 * role change in `reason`; the log cannot be rewritten (append-only), so the service reads those
 * as a change with no reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE audit_log ADD COLUMN change text NOT NULL DEFAULT ''`.execute(db);
}
