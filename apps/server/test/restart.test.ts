import { spawn } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { listFiles, waitFor } from './clips.ts';
import { testImage } from './support.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** The real entry point on its embedded defaults: PORT and DATA_DIR honoured, data survives restarts. */
async function start(dataDir: string, port: number) {
  // The grace a request in flight has to finish once the stop begins (5 s by default) is wide here:
  // on a loaded CI machine the in-flight registration's rest, its argon2id hash and its insert
  // took longer than 5 s, and the server rightly cut it off. What this test proves is that it is
  // waited for at all. So is the wait for the rest of its body (30 s by default): the test sends
  // it once the stop has closed the port, which took longer than that on a loaded machine (408).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ROLE: 'all',
    SHUTDOWN_GRACE_SECONDS: '120',
    BODY_IDLE_TIMEOUT_SECONDS: '120',
  };
  delete env.DATABASE_URL;
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status === 200, 90_000, 100);
  return child;
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

// Several real start-ups: the time limit is a safety net for a shared machine, every step waits on a condition.
it('honours PORT and DATA_DIR, stops on SIGTERM and keeps accounts across restarts', { timeout: 300_000 }, async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-restart-'));
  const port = await freePort();
  let server = await start(dataDir, port);
  const register = (username: string) =>
    fetch(`http://127.0.0.1:${port}/api/users/register`, { method: 'POST', body: registerForm(username) });
  expect((await register('restarter')).status).toBe(201);
  await stop(server);
  // The embedded PostgreSQL's cluster lives under DATA_DIR (PG_VERSION holds its major version).
  await expect(fs.readFile(path.join(dataDir, 'pg', 'PG_VERSION'), 'utf8')).resolves.toMatch(/^\d+\n$/);
  // A clean PostgreSQL shutdown removes its pid file.
  await expect(fs.stat(path.join(dataDir, 'pg', 'postmaster.pid'))).rejects.toMatchObject({ code: 'ENOENT' });

  server = await start(dataDir, port);
  try {
    expect((await login(port, 'restarter')).status).toBe(200);
  } finally {
    await stop(server);
  }

  // SIGINT with a request in flight: it finishes (and is stored) before the database stops, and the exit is clean.
  server = await start(dataDir, port);
  try {
    const inFlight = startPartialRegistration(port, 'inflight');
    // The server has begun the request: it is writing the avatar to a temp file.
    await waitFor(async () => {
      const [file] = await listFiles(path.join(dataDir, 'tmp'));
      return file && (await fs.stat(path.join(dataDir, 'tmp', file))).size > 0;
    });
    const exitCode = stop(server, 'SIGINT');
    // The server is stopping (no new connections) while the request is still open…
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null)) === null, 30_000, 20);
    // …and the rest of its body still gets an answer.
    const response = inFlight.finish();
    expect(await response).toMatchObject({ status: 201 });
    expect(await exitCode).toBe(0);
    await expect(fs.stat(path.join(dataDir, 'pg', 'postmaster.pid'))).rejects.toMatchObject({ code: 'ENOENT' });
  } catch (err) {
    await stop(server);
    throw err;
  }

  // It was stored: the account logs in after a restart.
  server = await start(dataDir, port);
  try {
    expect((await login(port, 'inflight')).status).toBe(200);
  } finally {
    await stop(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

function login(port: number, username: string) {
  return fetch(`http://127.0.0.1:${port}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: username, password: 'Passw0rd!' }),
  });
}

/** A registration whose body stops half-way through the avatar until `finish()` sends the rest. */
function startPartialRegistration(port: number, username: string) {
  const boundary = `----restart${Date.now()}`;
  const fields = { fullname: 'In Flight', username, email: `${username}@example.com`, password: 'Passw0rd!' };
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const image = testImage();
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const half = Math.floor(image.length / 2);
  const request = http.request({
    host: '127.0.0.1',
    port,
    path: '/api/users/register',
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + image.length + tail.length,
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
  });
  request.write(Buffer.concat([head, image.subarray(0, half)]));
  return {
    finish() {
      request.end(Buffer.concat([image.subarray(half), tail]));
      return response;
    },
  };
}
