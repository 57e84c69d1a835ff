import { createReadStream, mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf } from './content-type.ts';
import { joinUrl, type Storage } from './storage.ts';

/**
 * Files under `root` (DATA_DIR/media), served by the app at `/media/…` (or by nginx or a CDN from
 * the same folder: `publicBaseUrl`, MEDIA_PUBLIC_BASE_URL). Cache-Control is the media routes' job.
 */
export function createLocalStorage(root: string, publicBaseUrl = '/media'): Storage {
  // The app serves files from here from the start, before the first upload creates it.
  mkdirSync(root, { recursive: true });
  const inside = path.resolve(root) + path.sep;
  const resolve = (key: string) => {
    const full = path.resolve(inside, key);
    if (!full.startsWith(inside)) throw new Error(`Storage key escapes root: ${key}`);
    return full;
  };

  async function ensureDir(file: string) {
    await fs.mkdir(path.dirname(file), { recursive: true });
  }

  return {
    driver: 'local',
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
    async download(key, localPath) {
      await fs.copyFile(resolve(key), localPath);
    },
    async read(key) {
      const file = resolve(key);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return { body: createReadStream(file), size: stat.size, contentType: contentTypeOf(key) };
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async movePrefix(from, to) {
      const dest = resolve(to);
      await fs.mkdir(path.dirname(dest), { recursive: true });
      // One rename: the folder is wholly at one name or the other, whenever the process stops.
      await fs.rename(resolve(from), dest).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
    async deletePrefix(prefix) {
      // A folder still being written (a live's segments until its encoder stops) fails with
      // ENOTEMPTY now and then: fs.rm tries again a few times before giving up.
      await fs.rm(resolve(prefix), { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
    async exists(key) {
      return fs.access(resolve(key)).then(
        () => true,
        () => false,
      );
    },
    async list(prefix) {
      const dir = resolve(prefix);
      const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    },
    localPath: (key) => resolve(key),
    publicUrl: (key) => joinUrl(publicBaseUrl, key),
    signedUrl: async () => null,
  };
}
