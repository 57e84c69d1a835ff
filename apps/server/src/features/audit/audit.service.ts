import type { Db } from '../../db/database.ts';
import { createAuditRepo, type AuditEntry } from './audit.repo.ts';

/**
 * The append-only record of every staff action (docs/moderation.md). A service that acts writes
 * its entry with `on(trx).record(...)` inside the same transaction as the action, so an action
 * and its entry commit together or not at all.
 */
export function createAuditService(db: Db) {
  const repo = createAuditRepo(db);
  const on = (q: Db) => {
    const r = q === db ? repo : createAuditRepo(q);
    return { record: (entry: AuditEntry) => r.append(entry) };
  };
  return {
    on,
    record: (entry: AuditEntry) => repo.append(entry),
    /** Newest first; `page` from 1. */
    page: (page: number, limit: number) => repo.page((page - 1) * limit, limit),
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
export type { AuditEntry };
