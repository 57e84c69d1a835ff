import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/db/embedded.ts';
import { isRunning, waitFor } from '../clips.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const GRACE_SECONDS = 1;
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-start-'));
const dataDir = path.join(dir, 'data');
await fs.mkdir(dataDir);
const started: Launch[] = [];

afterAll(async () => {
  // Whatever a failed test left: every process it started, then the folder.
  for (const launch of started) for (const pid of await descendants(launch.child.pid!)) process.kill(pid, 'SIGKILL');
  for (const launch of started) launch.child.kill('SIGKILL');
  await fs.rm(dir, { recursive: true, force: true });
});

interface Launch {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  base: string;
}

/**
 * The documented start command (`npm start`, or `node scripts/start.mjs` as a supervisor without
 * npm runs it) on the test's DATA_DIR and embedded PostgreSQL, without rebuilding the web app.
 */
function launch(command: 'npm' | 'node', port: number, httpWorkers: number): Launch {
  const { DATABASE_URL: _url, ENCODER_NICE: _nice, RATE_LIMIT_STORE: _store, ...inherited } = process.env;
  const args = command === 'npm' ? ['start'] : ['scripts/start.mjs'];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...inherited,
      SKIP_WEB_BUILD: '1',
      WEB_DIST_DIR: path.join(dir, 'no-web'),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      HTTP_WORKERS: String(httpWorkers),
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const result = { child, exited, output: () => output, base: `http://127.0.0.1:${port}` };
  started.push(result);
  return result;
}

/** Every process below `pid` (children of each of its threads, recursively). */
async function descendants(pid: number): Promise<number[]> {
  const found: number[] = [];
  for (const task of await fs.readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    const children = await fs.readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '');
    for (const child of children.trim().split(/\s+/).filter(Boolean).map(Number))
      found.push(child, ...(await descendants(child)));
  }
  return found;
}

async function healthy(run: Launch) {
  await waitFor(
    async () => {
      if (run.child.exitCode !== null) throw new Error(`the start command exited during start-up:\n${run.output()}`);
      return (await fetch(`${run.base}/api/health`).catch(() => null))?.status === 200;
    },
    90_000,
    100,
  );
}

const postmasterPid = async () => Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
/** The process running scripts/start.mjs among `pids`. */
async function startMjs(pids: number[]): Promise<number | undefined> {
  for (const pid of pids) if ((await commandOf(pid)).includes('scripts/start.mjs')) return pid;
  return undefined;
}
const commandOf = async (pid: number) =>
  (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0').filter(Boolean);

/**
 * A node process of the start command runs plain JavaScript: no loader or preload in its command
 * line (process.execArgv) or in NODE_OPTIONS, no script that is TypeScript, and no file of the tsx
 * package among what it has open or mapped.
 */
async function expectNoLoader(pid: number) {
  const args = await commandOf(pid);
  if (!/(^|\/)node$/.test(args[0] ?? '')) return; // npm, sh: not node running our code
  const loaderFlag =
    /^(--import|--loader|--experimental-loader|--require|-r|--experimental-strip-types|--experimental-transform-types)(=|$)/;
  expect(
    args.filter((a) => loaderFlag.test(a) || /tsx/.test(a)),
    `node process ${pid}: ${args.join(' ')}`,
  ).toEqual([]);
  expect(args.filter((a) => /\.[cm]?tsx?$/.test(a))).toEqual([]);
  const environ = (await fs.readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '')).split('\0');
  const nodeOptions = environ.find((v) => v.startsWith('NODE_OPTIONS='))?.slice('NODE_OPTIONS='.length) ?? '';
  expect(nodeOptions).not.toMatch(/tsx|--import|--loader|--require|-r\b|strip-types/);
  const maps = await fs.readFile(`/proc/${pid}/maps`, 'utf8').catch(() => '');
  const open = await Promise.all(
    (await fs.readdir(`/proc/${pid}/fd`).catch(() => [] as string[])).map((fd) =>
      fs.readlink(`/proc/${pid}/fd/${fd}`).catch(() => ''),
    ),
  );
  expect([...maps.split('\n'), ...open].filter((line) => line.includes('/node_modules/tsx/'))).toEqual([]);
}

/** Waits until none of `pids` runs; answers the seconds it took. */
async function allGone(pids: number[], timeoutMs: number): Promise<number> {
  const from = Date.now();
  await waitFor(async () => (await Promise.all(pids.map(isRunning))).every((alive) => !alive), timeoutMs, 50);
  return (Date.now() - from) / 1000;
}

describe('the start command under a supervisor', () => {
  it(
    'npm start with two HTTP workers: a second start on its DATA_DIR refuses; SIGTERM to npm ends every process and PostgreSQL',
    { timeout: 150_000 },
    async () => {
      const first = launch('npm', await freePort(), 2);
      await healthy(first);
      const tree = await descendants(first.child.pid!);
      const postgres = await postmasterPid();
      expect(tree).toContain(postgres);
      // The server: start.mjs's child, node running the compiled apps/server/dist/server.js (its HTTP
      // workers run the same file), with no TypeScript loader.
      const launcher = await waitFor(async () => (await startMjs(tree)) ?? null, 5_000, 50);
      const serverPid = await waitFor(
        async () =>
          Number((await fs.readFile(`/proc/${launcher}/task/${launcher}/children`, 'utf8')).trim().split(/\s+/)[0]) || null,
        5_000,
        50,
      );
      expect((await commandOf(serverPid)).at(-1)).toBe('apps/server/dist/server.js');
      for (const pid of tree.filter((p) => p !== postgres)) await expectNoLoader(pid);
      // tsx's loader compiles through an esbuild service process of its own: none runs.
      const commands = await Promise.all(tree.map(async (pid) => (await commandOf(pid)).join(' ')));
      expect(commands.filter((c) => /esbuild|tsx/.test(c))).toEqual([]);

      // A second start on the same DATA_DIR exits non-zero with a message, before touching PostgreSQL.
      const second = launch('npm', await freePort(), 1);
      expect(await second.exited).not.toBe(0);
      const realDataDir = await fs.realpath(dataDir);
      expect(second.output()).toContain(`DATA_DIR ${realDataDir} is in use by another StreamHub process (pid ${serverPid})`);
      expect(await postmasterPid()).toBe(postgres);
      expect(await isRunning(postgres)).toBe(true);
      expect((await fetch(`${first.base}/api/health`)).status).toBe(200);

      // As a supervisor stops it: SIGTERM to the command's own pid (npm), nothing else.
      process.kill(first.child.pid!, 'SIGTERM');
      const seconds = await allGone([...tree, first.child.pid!], (GRACE_SECONDS + 5) * 1000);
      console.log(`npm start (2 HTTP workers, ${tree.length} processes) gone ${seconds.toFixed(1)} s after SIGTERM to npm`);
      expect(await isRunning(postgres)).toBe(false);
    },
  );

  it(
    'the launcher killed outright (SIGKILL): the server sees its channel close and stops with its PostgreSQL',
    { timeout: 120_000 },
    async () => {
      // The same DATA_DIR: the stopped command above left it free.
      const run = launch('node', await freePort(), 1);
      await healthy(run);
      const tree = await descendants(run.child.pid!);
      const postgres = await postmasterPid();
      expect(tree).toContain(postgres);
      run.child.kill('SIGKILL');
      await run.exited;
      const seconds = await allGone(tree, (GRACE_SECONDS + 5) * 1000);
      console.log(`server and PostgreSQL gone ${seconds.toFixed(1)} s after the launcher's SIGKILL`);
    },
  );

  // Every way a supervisor stops `npm start` through npm's own pid ends the whole tree within the
  // grace time (plus PostgreSQL's stop), and leaves DATA_DIR free: each case starts on the same one.
  for (const signal of ['SIGINT', 'SIGHUP', 'SIGKILL'] as const) {
    it(`${signal} to npm's pid ends the server and its PostgreSQL; the next start works`, { timeout: 120_000 }, async () => {
      const run = launch('npm', await freePort(), 1);
      await healthy(run);
      const tree = await descendants(run.child.pid!);
      const postgres = await postmasterPid();
      expect(tree).toContain(postgres);
      process.kill(run.child.pid!, signal);
      const seconds = await allGone([...tree, run.child.pid!], (GRACE_SECONDS + 5) * 1000);
      console.log(`npm start (${tree.length} processes) gone ${seconds.toFixed(1)} s after ${signal} to npm`);
      expect(await isRunning(postgres)).toBe(false);
    });
  }

  it(
    "the server's node process killed outright (SIGKILL): its PostgreSQL does not stay running, and the next start works",
    { timeout: 150_000 },
    async () => {
      const run = launch('npm', await freePort(), 2);
      await healthy(run);
      const tree = await descendants(run.child.pid!);
      const postgres = await postmasterPid();
      const launcher = (await startMjs(tree))!;
      const serverPid = Number((await fs.readFile(`/proc/${launcher}/task/${launcher}/children`, 'utf8')).trim().split(/\s+/)[0]);
      expect((await commandOf(serverPid)).at(-1)).toBe('apps/server/dist/server.js');
      process.kill(serverPid, 'SIGKILL');
      const seconds = await allGone([...tree, run.child.pid!], (GRACE_SECONDS + 15) * 1000);
      console.log(`HTTP workers and PostgreSQL gone ${seconds.toFixed(1)} s after the server's SIGKILL`);
      expect(await isRunning(postgres)).toBe(false);

      const next = launch('npm', await freePort(), 1);
      await healthy(next);
      process.kill(next.child.pid!, 'SIGTERM');
      expect(await next.exited).not.toBeNull();
    },
  );
});
