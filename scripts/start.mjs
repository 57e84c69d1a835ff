// `npm start`: builds the web app when its sources changed since the last build, then runs the
// server (API, web app and media on one port) on its embedded defaults.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const stamp = path.join(webDir, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
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

const tsx = path.join(root, 'node_modules/.bin/tsx');
const entry = process.env.ROLE === 'worker' ? 'apps/server/src/worker.ts' : 'apps/server/src/server.ts';
const child = spawn(tsx, [entry], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
