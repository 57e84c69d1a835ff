// `npm start`: builds the web app and the server when their sources changed since the last build
// (never with NODE_ENV=production), then runs the compiled server (API, web app and media on one
// port) on its embedded defaults.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { ensureBuilt, root } from './lib/build.mjs';

// Taken first: npm may be gone by the time a build below has finished.
const initialParent = process.ppid;

// A first start on a fresh clone builds the web app and the server once; later starts rebuild only
// what changed since. With NODE_ENV=production nothing is built: a missing build is an error.
await ensureBuilt({ web: true });

// The server is the compiled JavaScript (apps/server/dist), run by node itself with no loader and
// no CLI in between, so signals reach it directly; with an IPC channel it watches: if this
// launcher dies, even by SIGKILL, the server sees the channel close and stops as on SIGTERM (its
// PostgreSQL with it).
const entry = process.env.ROLE === 'worker' ? 'apps/server/dist/worker.js' : 'apps/server/dist/server.js';
const child = spawn(process.execPath, ['--enable-source-maps', entry], {
  cwd: root,
  env: { ...process.env, STREAMHUB_LAUNCHER: '1' },
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
const stop = (signal) => child.exitCode === null && child.signalCode === null && child.kill(signal);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));

// The embedded PostgreSQL the server started (it says which): a server killed outright (SIGKILL)
// cannot stop it, so this launcher does before it exits, and nothing holds DATA_DIR afterwards.
let postmaster = null;
child.on('message', (message) => {
  if (message?.type === 'streamhub:postmaster') postmaster = { pid: message.pid, dir: message.dir };
});
child.on('exit', async (code, signal) => {
  if (postmaster && isPostgresOf(postmaster.pid, postmaster.dir)) {
    console.error(`The server ended (${signal ?? `exit code ${code}`}) leaving its PostgreSQL running; stopping it`);
    process.kill(postmaster.pid, 'SIGINT'); // fast shutdown: committed data is kept
    if (!(await gone(postmaster, 15_000))) {
      process.kill(postmaster.pid, 'SIGQUIT'); // immediate shutdown: recovers from its WAL at next start
      await gone(postmaster, 5_000);
    }
  }
  process.exit(code ?? (signal ? 1 : 0));
});

function isPostgresOf(pid, dir) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  let cmdline, stat;
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // Without /proc (not Linux), a live pid is taken at its word.
    return process.platform !== 'linux';
  }
  const state = stat.slice(stat.lastIndexOf(')') + 2)[0];
  return state !== 'Z' && cmdline.split('\0').includes(dir);
}

async function gone(server, timeoutMs) {
  for (let waited = 0; waited < timeoutMs; waited += 50) {
    if (!isPostgresOf(server.pid, server.dir)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

// A supervisor stops `npm start` by signalling npm's pid. npm (11) passes SIGINT and SIGTERM on
// to its script's process only: the `start` script execs this launcher so that it is that process
// (with a `sh -c` in between, the shell took them and the launcher never heard: SIGINT did
// nothing, SIGTERM left it to init). npm killed outright (SIGKILL) or by a signal it does not
// pass on (SIGHUP) is watched for: under npm, a parent that changed is a parent that died, and so
// is a watched ancestor that is gone (npm, when a shell still stands between it and us). Either
// way the server is stopped as if the signal had come. (Run directly, the launcher's parent may
// go, as with `nohup`: only npm's is followed.)
if (process.env.npm_lifecycle_event) {
  const parent = initialParent;
  const watched = [parent];
  const parentStat = readStat(parent);
  if (parentStat && ['sh', 'dash', 'bash'].includes(parentStat.comm)) watched.push(parentStat.ppid);
  const dead = (pid) => {
    try {
      process.kill(pid, 0);
      return false;
    } catch (err) {
      return err.code === 'ESRCH';
    }
  };
  setInterval(() => (process.ppid !== parent || watched.some(dead)) && stop('SIGTERM'), 200).unref();
}

function readStat(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return { comm, ppid };
  } catch {
    return null;
  }
}
