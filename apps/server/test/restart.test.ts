import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { testImage } from './support.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** The real entry point on its embedded defaults: PORT and DATA_DIR honoured, data survives restarts. */
async function start(dataDir: string, port: number) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', ROLE: 'all' };
  delete env.DATABASE_URL;
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) return child;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error('server did not become healthy');
}

async function stop(child: ReturnType<typeof spawn>, signal: NodeJS.Signals = 'SIGTERM') {
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  child.kill(signal);
  return exited;
}

function registerForm(username: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    fullname: 'Restart Me',
    username,
    email: `${username}@example.com`,
    password: 'Passw0rd!',
  }))
    form.set(k, v);
  form.set('avatar', new Blob([testImage()], { type: 'image/png' }), 'a.png');
  return form;
}

it('honours PORT and DATA_DIR, stops on SIGTERM and keeps accounts across restarts', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-restart-'));
  const port = await freePort();
  let server = await start(dataDir, port);
  const register = (username: string) =>
    fetch(`http://127.0.0.1:${port}/api/users/register`, { method: 'POST', body: registerForm(username) });
  expect((await register('restarter')).status).toBe(201);
  await stop(server);
  expect(await fs.stat(path.join(dataDir, 'pg', 'PG_VERSION'))).toBeTruthy();
  // A clean PostgreSQL shutdown removes its pid file.
  await expect(fs.stat(path.join(dataDir, 'pg', 'postmaster.pid'))).rejects.toThrow();

  server = await start(dataDir, port);
  try {
    const login = await fetch(`http://127.0.0.1:${port}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'restarter', email: 'restarter', password: 'Passw0rd!' }),
    });
    expect(login.status).toBe(200);
  } finally {
    await stop(server);
  }

  // SIGINT with requests in flight: they finish before the database stops, and the exit is clean.
  server = await start(dataDir, port);
  try {
    const inFlight = [1, 2, 3, 4].map((i) =>
      register(`inflight${i}`).then(
        (r) => r.status,
        () => 'not accepted',
      ),
    );
    await new Promise((r) => setTimeout(r, 20));
    const code = await stop(server, 'SIGINT');
    const statuses = await Promise.all(inFlight);
    expect(statuses).not.toContain(500);
    expect(code).toBe(0);
    await expect(fs.stat(path.join(dataDir, 'pg', 'postmaster.pid'))).rejects.toThrow();
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
