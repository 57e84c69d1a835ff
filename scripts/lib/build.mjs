// The builds `npm start` and the server's command line tools depend on: the web app (Vite, into
// apps/web/dist and dist-ssr) and the server (esbuild, into apps/server/dist). Each is rebuilt
// only when a source is newer than its last build; with NODE_ENV=production nothing is built here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
const webDir = path.join(root, 'apps/web');
const serverDir = path.join(root, 'apps/server');
const contractSrc = path.join(root, 'packages/contract/src');
export const serverDist = path.join(serverDir, 'dist');
// Written last by each build: the web's server bundle follows the browser's; the server's stamp
// is written once its whole folder is in place.
const webStamp = path.join(webDir, 'dist-ssr/entry-server.js');
const serverStamp = path.join(serverDist, '.built');

const SKIPPED = new Set(['node_modules', 'dist', 'dist-ssr', '.tmp', '.scratch', 'test']);

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}
const builtAt = (stamp) => fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;

export const webStale = () => Math.max(newestMtime(webDir), newestMtime(contractSrc)) > builtAt(webStamp);
export const serverStale = () =>
  Math.max(
    newestMtime(path.join(serverDir, 'src')),
    newestMtime(path.join(serverDir, 'package.json')),
    newestMtime(contractSrc),
    newestMtime(path.join(root, 'scripts/lib/build.mjs')),
  ) > builtAt(serverStamp);
export const serverBuilt = () => fs.existsSync(serverStamp);

export function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the web build failed (exit code ${result.status})`);
}

/** The server's entry points, each a file of apps/server/dist (`server.js`, `worker.js`, …). */
export const SERVER_ENTRIES = ['server', 'worker', 'admin-cli', 'backup-cli', 'ledger-check'];

/**
 * Bundles apps/server/src into apps/server/dist: ES modules for Node 22 and later (`engines`), source maps, shared
 * chunks; every package from node_modules stays an import (installed, not copied), except the
 * workspace's own contract, whose TypeScript sources are compiled in. Built into a folder of its
 * own, then moved into place, so a process still running the previous build never reads half of one.
 */
export async function buildServer() {
  const { build, stop } = await import('esbuild');
  const tmp = `${serverDist}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  try {
    await build({
      absWorkingDir: root,
      entryPoints: Object.fromEntries(SERVER_ENTRIES.map((name) => [name, `apps/server/src/${name}.ts`])),
      outdir: tmp,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      sourcemap: true,
      sourcesContent: false,
      logLevel: 'warning',
      plugins: [
        {
          name: 'streamhub:packages-external',
          setup(b) {
            // Bare specifiers (packages and node: builtins) stay imports, except @streamhub/*.
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@streamhub/') || path.isAbsolute(args.path) ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
    fs.writeFileSync(path.join(tmp, '.built'), `${new Date().toISOString()}\n`);
    fs.rmSync(serverDist, { recursive: true, force: true });
    try {
      fs.renameSync(tmp, serverDist);
    } catch (err) {
      // Another start built it at the same time and moved its own in first: that one serves.
      if (!serverBuilt()) throw err;
    }
  } finally {
    // esbuild's service process would otherwise stay, a child of `npm start`'s launcher, until it ends.
    await stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Before a start or a command line tool: builds what is out of date (`web` too for the server
 * itself); under NODE_ENV=production, builds nothing and refuses when the server was never built.
 */
export async function ensureBuilt({ web }) {
  if (process.env.NODE_ENV === 'production') {
    if (!serverBuilt()) {
      console.error(
        `The compiled server (apps/server/dist) is missing. With NODE_ENV=production nothing is built at start: run \`npm run build\` first (it builds the web app and the server).`,
      );
      process.exit(1);
    }
    return;
  }
  if (web && process.env.SKIP_WEB_BUILD !== '1' && webStale()) {
    console.error('Building the web app…');
    buildWeb();
  }
  if (serverStale()) {
    console.error('Building the server…');
    await buildServer();
  }
}
