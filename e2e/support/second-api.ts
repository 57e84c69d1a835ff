import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { freePort, runningEmbeddedUrl } from '../../apps/server/src/db/embedded.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A second API process (`ROLE=api`, as on another machine) beside the e2e server: its own port
 * and data directory, the e2e server's embedded PostgreSQL through DATABASE_URL. What one process
 * writes, the other must serve (sessions, notifications and their live stream). Ready when its
 * /api/health answers; `stop` ends it as a supervisor would (SIGTERM).
 */
export async function startSecondApi(): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const e2eDataDir = process.env.E2E_DATA_DIR;
  if (!e2eDataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const databaseUrl = await runningEmbeddedUrl(path.join(e2eDataDir, 'pg'));
  if (!databaseUrl) throw new Error('The e2e server’s embedded PostgreSQL is not running');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streamhub-e2e-api2-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ROLE: 'api',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      HTTP_WORKERS: '1',
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`The second API process exited (${child.exitCode}): ${stderr}`);
          return fetch(`${baseURL}/api/health`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 90_000, intervals: [250, 500, 1000] },
      )
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}
