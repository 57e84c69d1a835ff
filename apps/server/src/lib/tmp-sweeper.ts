import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Removes the entries of `dir` (upload temp files) not modified for `olderThanMs`. An upload in
 * progress writes its file continuously, so its modification time stays recent; a file left by a
 * process killed mid-upload stops changing and ages out. Returns the names removed.
 */
export async function sweepTmp(dir: string, olderThanMs: number, now = Date.now()): Promise<string[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.lstat(file).catch(() => null);
    if (!stat || now - stat.mtimeMs < olderThanMs) continue;
    await fs.rm(file, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Sweeps `dir` at start and then on a timer. At start a process that is alone on its DATA_DIR
 * (`exclusive`: the embedded database belongs to one process) removes everything, since no upload
 * can be in progress yet; processes that share it (ROLE=api with DATABASE_URL) remove only files
 * untouched for `maxAgeMs`, which may not belong to an upload another process is still receiving.
 */
export async function startTmpSweeper(
  dir: string,
  opts: { maxAgeMs: number; exclusive: boolean; log: (obj: object, msg: string) => void },
) {
  const sweep = async (olderThanMs: number) => {
    try {
      const removed = await sweepTmp(dir, olderThanMs);
      if (removed.length) opts.log({ removed: removed.length }, 'removed abandoned upload temp files');
    } catch (err) {
      opts.log({ err }, 'could not sweep upload temp files');
    }
  };
  await sweep(opts.exclusive ? 0 : opts.maxAgeMs);
  const everyMs = Math.min(Math.max(opts.maxAgeMs / 4, 60_000), 15 * 60_000);
  const timer = setInterval(() => void sweep(opts.maxAgeMs), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
