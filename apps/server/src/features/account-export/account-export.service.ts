import type { AccountExport } from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { Conflict, Gone, NotFound, TooManyRequests } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import { createAccountExportRepo } from './account-export.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND = 'Export not found';

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof createAccountExportRepo>['find']>>>;
const toExport = (r: Row): AccountExport => ({
  _id: r.id,
  state: r.state,
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at?.toISOString() ?? null,
  sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
});

/**
 * Exports of a user's own data (API.md §19, docs/accounts.md): one a day (a failed one does not
 * count), made by the `account.export` job, downloadable by their owner alone for 7 days.
 */
export function createAccountExportService({
  db,
  queue,
  storage,
}: {
  db: Db;
  queue: Pick<JobQueue, 'send' | 'nudge'>;
  storage: Storage;
}) {
  const repo = createAccountExportRepo(db);

  async function own(viewer: Viewer, exportId: string) {
    const row = await repo.find(exportId);
    // Someone else's export is none (404), as a missing one.
    if (!row || row.user_id !== viewer._id) throw new NotFound(NOT_FOUND);
    return row;
  }

  return {
    /** A new export, pending; 429 while one made in the last 24 hours exists (Retry-After: when the next may be). */
    async request(viewer: Viewer): Promise<AccountExport> {
      const id = newId();
      const row = await db.transaction().execute(async (trx) => {
        const tx = createAccountExportRepo(trx);
        // One at a time per user: two requests at once make one export.
        await trx.selectFrom('users').select('id').where('id', '=', viewer._id).forUpdate().execute();
        const recent = await tx.latestSince(viewer._id, new Date(Date.now() - DAY_MS));
        if (recent) throw new TooManyRequests(Math.ceil((recent.created_at.getTime() + DAY_MS - Date.now()) / 1000));
        await tx.insert(id, viewer._id);
        await queue.send('account.export', { exportId: id }, { trx });
        return tx.find(id);
      });
      queue.nudge('account.export');
      return toExport(row!);
    },

    /** My newest export (the account page shows its state), or null. */
    async latest(viewer: Viewer): Promise<AccountExport | null> {
      const row = await repo.latest(viewer._id);
      return row ? toExport(row) : null;
    },

    /** The zip of a ready export of mine: 409 while it is made, 410 once expired or failed. */
    async download(viewer: Viewer, exportId: string) {
      const row = await own(viewer, exportId);
      if (row.state === 'pending') throw new Conflict('The export is not ready yet');
      if (row.state === 'failed' || !row.storage_key || (row.expires_at && row.expires_at <= new Date())) {
        throw new Gone('This export has expired');
      }
      const stored = await storage.read(row.storage_key);
      if (!stored) throw new Gone('This export has expired');
      return { ...stored, filename: `streamhub-export-${row.created_at.toISOString().slice(0, 10)}.zip` };
    },

    /** Removes exports past their 7 days, files and rows (a chore of the process that runs jobs). */
    async removeExpired(): Promise<number> {
      const keys = await repo.removeExpired(new Date());
      for (const key of keys) await storage.delete(key);
      return keys.length;
    },
  };
}
export type AccountExportService = ReturnType<typeof createAccountExportService>;
