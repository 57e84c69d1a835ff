import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded.ts';
import { waitFor } from '../test/clips.ts';
import { createTestContext, registerUser, testImage } from '../test/support.ts';

// `npm run admin -- grant <username> <role>` as an operator runs it: a real process, against a
// real server process that is running, then stopped, and against DATABASE_URL.

const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

/** Runs the command line with `env` (DATA_DIR or DATABASE_URL); its exit code and output. */
function admin(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const full: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(tsx, ['apps/server/src/admin-cli.ts', ...args], { cwd: root, env: full, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** The real server on its embedded database under `dataDir`, ready when /api/health answers. */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    HTTP_WORKERS: '1',
  };
  delete env.DATABASE_URL;
  const child = spawn(tsx, ['apps/server/src/server.ts'], { cwd: root, env, stdio: 'ignore' });
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status === 200, 90_000, 100);
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

describe('npm run admin -- grant', () => {
  const dataDir = fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-admin-cli-'));
  let server: ChildProcess | undefined;
  afterAll(async () => {
    if (server) await stopServer(server);
    await fs.rm(await dataDir, { recursive: true, force: true });
  });

  // Two real start-ups: the time limit is a safety net for a shared machine, every step waits on a condition.
  it('grants on the embedded database while the server runs, and after it stopped', { timeout: 300_000 }, async () => {
    const dir = await dataDir;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { DATA_DIR: dir };
    server = await startServer(dir, port);

    const form = new FormData();
    for (const [k, v] of Object.entries({
      fullname: 'Alice Admin',
      username: 'alice',
      email: 'alice@example.com',
      password: 'Passw0rd!',
    })) {
      form.set(k, v);
    }
    form.set('avatar', new Blob([testImage()], { type: 'image/png' }), 'a.png');
    const registered = await fetch(`${base}/api/users/register`, { method: 'POST', body: form });
    expect(registered.status).toBe(201);
    const cookie = registered.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const role = async () => {
      const me = (await (await fetch(`${base}/api/users/me`, { headers: { cookie } })).json()) as { data: { role: string } };
      return me.data.role;
    };
    expect(await role()).toBe('user');

    // Running: the command reaches the server's own PostgreSQL, and the live session sees the role at once.
    expect(await admin(['grant', 'alice', 'moderator'], env)).toMatchObject({
      code: 0,
      stdout: 'alice is now moderator (was user)\n',
    });
    expect(await role()).toBe('moderator');
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    // Mistakes are told and change nothing.
    expect(await admin(['grant', 'nobody', 'admin'], env)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No user named nobody'),
    });
    expect(await admin(['grant', 'alice', 'root'], env)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Unknown role "root": expected user, moderator or admin'),
    });
    expect(await admin(['promote', 'alice'], env)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('usage: npm run admin'),
    });
    expect(await role()).toBe('moderator');

    // Stopped: the command starts the embedded database for itself, and stops it again.
    await stopServer(server);
    server = undefined;
    expect(await admin(['grant', 'ALICE', 'admin'], env)).toMatchObject({
      code: 0,
      stdout: 'alice is now admin (was moderator)\n',
    });
    await expect(fs.stat(path.join(dir, 'pg', 'postmaster.pid'))).rejects.toThrow();

    server = await startServer(dir, port);
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'alice', email: 'alice', password: 'Passw0rd!' }),
    });
    const session = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    type Entry = { actor: unknown; action: string; change: string };
    const audit = (await (await fetch(`${base}/api/admin/audit`, { headers: { cookie: session } })).json()) as { data: Entry[] };
    expect(audit.data.map((e) => [e.actor, e.action, e.change])).toEqual([
      [null, 'user.role', 'moderator → admin'],
      [null, 'user.role', 'user → moderator'],
    ]);
  });
});

const ctx = await createTestContext();

describe('npm run admin -- grant on DATABASE_URL', () => {
  it('grants on the database the URL names', { timeout: 120_000 }, async () => {
    const bob = await registerUser(ctx);
    const env = { DATABASE_URL: ctx.config.databaseUrl!, DATA_DIR: ctx.dataDir };
    expect(await admin(['grant', bob.username, 'admin'], env)).toMatchObject({
      code: 0,
      stdout: `${bob.username} is now admin (was user)\n`,
    });
    const row = await ctx.db.selectFrom('users').select('role').where('id', '=', bob.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
    // Granting what they have already changes nothing and says so.
    expect(await admin(['grant', bob.username, 'admin'], env)).toMatchObject({
      code: 0,
      stdout: `${bob.username} is already admin\n`,
    });
    const entries = await ctx.db.selectFrom('audit_log').selectAll().where('target_id', '=', bob.id).execute();
    expect(entries).toEqual([
      expect.objectContaining({ actor_id: null, action: 'user.role', change: 'user → admin', reason: '' }),
    ]);
  });
});
