import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { lockDataDir } from '../lib/data-dir-lock.ts';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './embedded.ts';

/**
 * The database of a command-line tool (`npm run admin`, `npm run ledger:check`), whether the
 * server runs or not: DATABASE_URL; else the embedded database of a server running on DATA_DIR
 * (reached at the port its postmaster.pid names, so nothing stops or restarts); else the embedded
 * database started for the moment, with DATA_DIR held meanwhile so that a server starting then
 * refuses instead of stopping it. Throws `DataDirInUseError` while a server is starting there.
 */
export async function openCliDatabase(
  config: Config,
): Promise<{ url: string; /** The embedded database's superuser (backups). */ superuserUrl?: string; close(): Promise<void> }> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => {} };
  const dir = path.join(config.dataDir, 'pg');
  const running = await runningEmbeddedUrl(dir);
  const runningSuperuser = await runningEmbeddedUrl(dir, 'postgres', 'superuser');
  if (running && runningSuperuser) return { url: running, superuserUrl: runningSuperuser, close: async () => {} };
  await fs.mkdir(config.dataDir, { recursive: true });
  const lock = await lockDataDir(config.dataDir);
  try {
    const embedded = await startEmbeddedPostgres(dir);
    return {
      url: embedded.url(),
      superuserUrl: embedded.superuserUrl(),
      async close() {
        await embedded.stop();
        await lock.release();
      },
    };
  } catch (err) {
    await lock.release();
    throw err;
  }
}
