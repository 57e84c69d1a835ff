import { spawn } from 'node:child_process';

export type RunProcessOptions = {
  cwd?: string;
  signal?: AbortSignal;
  /** Called with stdout text as it arrives; when set, stdout is not collected. */
  onStdout?: (text: string) => void;
  /** Time between SIGTERM and SIGKILL after an abort. */
  killGraceMs?: number;
  /** How many trailing stderr lines to keep for error messages. */
  stderrLines?: number;
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
 */
export function runProcess(command: string, args: readonly string[], options: RunProcessOptions = {}): Promise<RunProcessResult> {
  const { cwd, signal, onStdout, killGraceMs = 2000, stderrLines = 30 } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
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
      reject(
        error.code === 'ENOENT' ? new Error(`${command} was not found; install it or set its path in the environment`) : error,
      );
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
