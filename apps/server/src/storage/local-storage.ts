import { mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from './storage.ts';

export function createLocalStorage(root: string, urlPrefix = '/media'): Storage {
  // The app serves files from here from the start, before the first upload creates it.
  mkdirSync(root, { recursive: true });
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Storage key escapes root: ${key}`);
    return full;
  };

  async function ensureDir(file: string) {
    await fs.mkdir(path.dirname(file), { recursive: true });
  }

  return {
    async putFile(key, localPath) {
      const dest = resolve(key);
      await ensureDir(dest);
      try {
        await fs.rename(localPath, dest);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await fs.copyFile(localPath, dest);
        await fs.rm(localPath, { force: true });
      }
    },
    async putBuffer(key, data) {
      const dest = resolve(key);
      await ensureDir(dest);
      const tmp = `${dest}.${process.pid}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, dest);
    },
    async putDirectory(prefix, localDir) {
      const dest = resolve(prefix);
      await fs.mkdir(path.dirname(dest), { recursive: true });
      await fs.cp(localDir, dest, { recursive: true });
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async deletePrefix(prefix) {
      await fs.rm(resolve(prefix), { recursive: true, force: true });
    },
    async exists(key) {
      return fs.access(resolve(key)).then(
        () => true,
        () => false,
      );
    },
    localPath: (key) => resolve(key),
    publicUrl: (key) => `${urlPrefix}/${key}`,
  };
}
