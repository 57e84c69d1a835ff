import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Publishing an encode from its work folder (where ffmpeg writes) into the folder the media server
 * serves, so a reader only ever meets whole files: a file appears under its served name by one
 * link or rename, never by being written there. A full disk then stops an encode without touching
 * what is already served (docs/decisions.md, "A full disk").
 */

/**
 * Makes `src` also reachable as `dest`: a hard link (no bytes copied, none needed on a full disk),
 * or, across filesystems, a copy written aside and renamed into place. An existing `dest` is left
 * as it is (a segment is final once written).
 */
export async function linkInto(src: string, dest: string): Promise<void> {
  try {
    await fs.link(src, dest);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'EXDEV') throw err;
    await copyInto(src, dest);
  }
}

/**
 * `linkInto` for a file ffmpeg still appends to (a single-file rung): a hard link grows with it;
 * a copy (across filesystems) is made again whenever it is shorter than `bytes`, the end of what
 * the playlist about to be published names.
 */
export async function linkGrowing(src: string, dest: string, bytes: number): Promise<void> {
  await linkInto(src, dest);
  const size = await fs.stat(dest).then(
    (s) => s.size,
    () => 0,
  );
  if (size < bytes) await copyInto(src, dest);
}

/** Moves `src` to `dest`, replacing it in one step (a reader sees the old or the new file, never half). */
export async function moveInto(src: string, dest: string): Promise<void> {
  try {
    await fs.rename(src, dest);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyInto(src, dest);
    await fs.rm(src, { force: true });
  }
}

async function copyInto(src: string, dest: string): Promise<void> {
  const temp = `${dest}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.copyFile(src, temp);
    await fs.rename(temp, dest);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/** Which files go last: the ones that name others must find them already in place. */
function publishRank(relative: string, lastNames: readonly string[]): number {
  const last = lastNames.indexOf(relative);
  if (last >= 0) return 2 + last;
  return relative.endsWith('.m3u8') || relative.endsWith('.vtt') ? 1 : 0;
}

/**
 * Moves every file of `workDir` to the same name under `servedDir` (replacing what is there):
 * media files first, then the playlists and tracks that name them, then `lastNames` in their
 * order (the MP4, its playlist, then the master playlist, whose appearance makes the video complete).
 */
export async function publishFolder(workDir: string, servedDir: string, lastNames: readonly string[]): Promise<void> {
  const entries = await fs.readdir(workDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
    .map((e) => path.relative(workDir, path.join(e.parentPath, e.name)))
    .sort((a, b) => publishRank(a, lastNames) - publishRank(b, lastNames));
  for (const relative of files) {
    const dest = path.join(servedDir, relative);
    await fs.mkdir(path.dirname(dest), { recursive: true });
    await moveInto(path.join(workDir, relative), dest);
  }
}
