import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';

export type RunProcessOptions = {
  cwd?: string;
  signal?: AbortSignal;
  /** Called with stdout text as it arrives; when set, stdout is not collected. */
  onStdout?: (text: string) => void;
  /** Time between SIGTERM and SIGKILL after an abort. */
  killGraceMs?: number;
  /** How many trailing stderr lines to keep for error messages. */
  stderrLines?: number;
  /** CPU priority decrease (nice, 0–19) for the process and every thread it starts. */
  nice?: number;
  /** Given the process's stdin (else it reads nothing), e.g. a live stream piped in; called once it is spawned. */
  onStdin?: (stdin: Writable) => void;
  /** Called with the process id once it is spawned (CPU figures from /proc). */
  onSpawn?: (pid: number) => void;
};

export type RunProcessResult = {
  exitCode: number | null;
  stdout: string;
  stderrTail: string[];
};

/**
 * Runs a command to completion. Resolves with the exit code (non-zero is the caller's to
 * interpret); rejects with `signal.reason` on abort, only after the process has exited, so the
 * caller can safely delete the files it was writing.
 *
 * The process never outlives this one: on Linux it is started through util-linux's `setpriv
 * --pdeathsig KILL`, so the kernel kills it when this process dies, even by SIGKILL. A niced
 * process is started through `nice`, so that its threads (x264 starts many) inherit the priority.
 */
export function runProcess(command: string, args: readonly string[], options: RunProcessOptions = {}): Promise<RunProcessResult> {
  const { cwd, signal, onStdout, killGraceMs = 2000, stderrLines = 30, nice = 0, onStdin, onSpawn } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const executable = findExecutable(command);
    if (!executable) {
      reject(new Error(`${command} was not found; install it or set its path in the environment`));
      return;
    }
    const [file, argv] = wrapped(executable, args, nice);
    const child = spawn(file, argv, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    if (onStdin) onStdin(child.stdin);
    else child.stdin.end();
    if (onSpawn && child.pid !== undefined) onSpawn(child.pid);
    let stdout = '';
    const stderrTail: string[] = [];
    let stderrRest = '';
    let killTimer: NodeJS.Timeout | undefined;

    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      if (onStdout) onStdout(text);
      else stdout += text;
    });
    // Only a bounded tail is kept: a damaged input can make ffmpeg log one line per frame.
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      const lines = (stderrRest + text).split(/\r?\n|\r/);
      stderrRest = lines.pop() ?? '';
      stderrTail.push(...lines.filter((line) => line.trim() !== ''));
      if (stderrTail.length > stderrLines) stderrTail.splice(0, stderrTail.length - stderrLines);
    });

    const onAbort = () => {
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), killGraceMs);
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    child.on('error', (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(killTimer);
      signal?.removeEventListener('abort', onAbort);
      if (stderrRest.trim() !== '') stderrTail.push(stderrRest);
      if (signal?.aborted) reject(signal.reason);
      else resolve({ exitCode, stdout, stderrTail: stderrTail.slice(-stderrLines) });
    });
  });
}

/** The command line that runs `executable` tied to this process's life and at the given priority. */
function wrapped(executable: string, args: readonly string[], nice: number): [string, string[]] {
  let file = executable;
  let argv = [...args];
  const niceBin = nice > 0 ? findExecutable('nice') : null;
  if (niceBin) [file, argv] = [niceBin, ['-n', String(nice), '--', file, ...argv]];
  const setpriv = process.platform === 'linux' ? findExecutable('setpriv') : null;
  if (setpriv) [file, argv] = [setpriv, ['--pdeathsig', 'KILL', '--', file, ...argv]];
  return [file, argv];
}

const found = new Map<string, string | null>();

/** The absolute path of a command (as given when it has a slash, else searched on PATH); null if none. */
export function findExecutable(command: string): string | null {
  const known = found.get(command);
  if (known !== undefined) return known;
  const candidates = command.includes('/')
    ? [path.resolve(command)]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir || '.', command));
  const hit =
    candidates.find((file) => {
      try {
        accessSync(file, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    }) ?? null;
  // Missing commands are looked up again next time: they may be installed meanwhile.
  if (hit) found.set(command, hit);
  return hit;
}

/**
 * Kills every process of this machine whose working directory is `dir` (or was, before it was
 * deleted) and resolves once they are gone. Our encoders run in their output folder, so this
 * stops a leftover of an earlier attempt before a new one writes there. Linux only (/proc);
 * elsewhere it does nothing.
 */
export async function stopProcessesIn(dir: string): Promise<number[]> {
  const target = path.resolve(dir);
  const entries = await fs.readdir('/proc').catch(() => [] as string[]);
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const cwd = await fs.readlink(`/proc/${entry}/cwd`).catch(() => null);
    if (cwd === target || cwd === `${target} (deleted)`) pids.push(Number(entry));
  }
  for (const pid of pids) signalProcess(pid, 'SIGKILL');
  for (let waited = 0; ; waited += 20) {
    const left = (await Promise.all(pids.map(async (pid) => ((await isRunning(pid)) ? [pid] : [])))).flat();
    if (left.length === 0) return pids;
    if (waited > STOP_WAIT_MS) throw new Error(`Processes ${left.join(', ')} working in ${target} did not stop`);
    await delay(20);
  }
}

const STOP_WAIT_MS = 10_000;

function signalProcess(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** Alive and not a zombie: a killed orphan may wait to be reaped by an init that never does. */
async function isRunning(pid: number): Promise<boolean> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return false;
  // "pid (comm) S ...": the state follows the last parenthesis (comm may contain any character).
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}
