// Issue 2's figures: cold start of the run command to a healthy server, and the login time.
// Run: npx tsx bench/accounts.ts [--starts 3] [--logins 50]
//   cold start: `node scripts/start.mjs` (web app already built) until GET /api/health is 200,
//   on a fresh DATA_DIR (initdb + migrations) and again on the same DATA_DIR (restart).
//   login: sequential POST /api/users/login of one account; argon2id verification dominates.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../apps/server/src/db/embedded.ts';
import { hashPassword, verifyPassword } from '../apps/server/src/lib/passwords.ts';
import { registerViaApi, root, startServer, waitHealthy } from './support.ts';

const { values: opts } = parseArgs({
  options: { starts: { type: 'string', default: '3' }, logins: { type: 'string', default: '50' } },
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/** Milliseconds from spawning the run command to the first 200 from /api/health; then SIGTERM. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SKIP_WEB_BUILD: '1' },
  });
  await waitHealthy(`http://127.0.0.1:${port}`, 25);
  const elapsed = performance.now() - started;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return elapsed;
}

const fresh: number[] = [];
const restart: number[] = [];
for (let i = 0; i < Number(opts.starts); i++) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-start-'));
  fresh.push(await timeStart(dataDir));
  restart.push(await timeStart(dataDir));
  await fs.rm(dataDir, { recursive: true, force: true });
}
console.log(
  `cold start to healthy, fresh DATA_DIR: median ${(median(fresh) / 1000).toFixed(2)} s (runs: ${fresh.map((t) => (t / 1000).toFixed(2)).join(', ')})`,
);
console.log(
  `cold start to healthy, existing DATA_DIR: median ${(median(restart) / 1000).toFixed(2)} s (runs: ${restart.map((t) => (t / 1000).toFixed(2)).join(', ')}) (target ≤ 5 s)`,
);

const hashes: number[] = [];
const verifies: number[] = [];
for (let i = 0; i < 20; i++) {
  let t = performance.now();
  const h = await hashPassword('Passw0rd!');
  hashes.push(performance.now() - t);
  t = performance.now();
  await verifyPassword(h, 'Passw0rd!');
  verifies.push(performance.now() - t);
}
console.log(
  `argon2id (19 MiB, t=2, p=1): hash median ${median(hashes).toFixed(1)} ms, verify median ${median(verifies).toFixed(1)} ms`,
);

const server = await startServer({ ROLE: 'api' });
await registerViaApi(server.base, 'loginbench');
const logins: number[] = [];
for (let i = 0; i < Number(opts.logins); i++) {
  const t = performance.now();
  const res = await fetch(`${server.base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'loginbench', email: 'loginbench', password: 'Passw0rd!' }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`login: ${res.status}`);
  logins.push(performance.now() - t);
}
console.log(
  `login over loopback: median ${median(logins).toFixed(1)} ms, p90 ${pct(logins, 0.9).toFixed(1)} ms (${logins.length} logins)`,
);
await server.stop();
await fs.rm(server.dataDir, { recursive: true, force: true });
