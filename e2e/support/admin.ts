import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Gives an account a staff role the way an operator does on a live instance: `npm run admin --
 * grant <username> <role>` on the e2e server's data directory (the CLI reaches the running
 * server's embedded PostgreSQL). Throws with the CLI's output when it fails.
 */
export function grantRole(username: string, role: 'user' | 'moderator' | 'admin') {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  execFileSync('npm', ['run', '--silent', 'admin', '--', 'grant', username, role], {
    cwd: repoRoot,
    env,
    stdio: 'pipe',
    timeout: 60_000,
  });
}
