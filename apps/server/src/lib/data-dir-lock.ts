import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Another live process holds the DATA_DIR (its embedded PostgreSQL, its temp files). */
export class DataDirInUseError extends Error {}

export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * Takes DATA_DIR for this process alone, before anything in it is touched: a second process on
 * the same folder (an orphan of a killed `npm start`, a second `npm start`) would otherwise stop
 * the first one's PostgreSQL to start its own (db/embedded.ts, `stopStaleServer`).
 *
 * The lock is a listening Unix socket in Linux's abstract namespace, named after the folder's
 * real path: binding is atomic, and the kernel frees the name when the process dies, however it
 * dies, so no stale lock is ever left to judge (a pid file can name a pid reused since). Whoever
 * finds it taken connects to it and learns the holder's pid for the message. Elsewhere (no
 * abstract namespace) a socket file under the temp folder stands in, a stale one replaced.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const real = await fs.realpath(dir);
  const id = createHash('sha256').update(real).digest('hex').slice(0, 32);
  const address = process.platform === 'linux' ? `\0streamhub-data-dir-${id}` : path.join(os.tmpdir(), `streamhub-${id}.sock`);
  const server = net.createServer((socket) => socket.end(`${process.pid}\n`));
  server.on('error', () => {});
  try {
    await listen(server, address);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    const holder = await askHolder(address);
    if (holder === 'stale' && !address.startsWith('\0')) {
      await fs.rm(address, { force: true });
      return lockDataDir(dir);
    }
    const pid = typeof holder === 'number' ? ` (pid ${holder})` : '';
    throw new DataDirInUseError(`DATA_DIR ${real} is in use by another StreamHub process${pid}`);
  }
  // The lock never keeps the process alive by itself.
  server.unref();
  return {
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // `exclusive`: never shared through a cluster's primary.
    server.listen({ path: address, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The pid the lock's holder answers with; `stale` when nobody listens on it any more. */
function askHolder(address: string): Promise<number | 'stale' | null> {
  return new Promise((resolve) => {
    let text = '';
    const socket = net.connect({ path: address });
    socket.setTimeout(2_000, () => socket.destroy());
    socket.on('data', (chunk) => (text += String(chunk)));
    socket.on('close', () => resolve(Number.parseInt(text, 10) || null));
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED' ? 'stale' : null));
  });
}
