// `npm start`: builds the web app when its sources changed since the last build, then runs the
// server (API, web app and media on one port) on its embedded defaults.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Taken first: npm may be gone by the time the web build below has finished.
const parent = process.ppid;
const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
// Written last by the build (the server's bundle follows the browser's).
const stamp = path.join(webDir, 'dist-ssr/entry-server.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'dist-ssr', '.tmp'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestMtime(webDir), newestMtime(path.join(root, 'packages/contract/src')));
const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (process.env.SKIP_WEB_BUILD !== '1' && sources > built) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server runs in node with tsx's loader (no tsx CLI in between, so signals reach it
// directly), with an IPC channel it watches: if this launcher dies, even by SIGKILL, the server
// sees the channel close and stops as on SIGTERM (its PostgreSQL with it).
const entry = process.env.ROLE === 'worker' ? 'apps/server/src/worker.ts' : 'apps/server/src/server.ts';
const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: root, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
const stop = (signal) => child.exitCode === null && child.signalCode === null && child.kill(signal);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// npm 11 does not pass a SIGTERM on to its script: `kill -TERM <npm pid>` ends npm and its
// `sh -c`, and this process is left to init. Under npm, a parent that changed is a parent that
// died: stop the server as if the signal had come. (Run directly, the launcher's parent may go,
// as with `nohup`: only npm's is followed.)
if (process.env.npm_lifecycle_event) {
  setInterval(() => process.ppid !== parent && stop('SIGTERM'), 200).unref();
}
