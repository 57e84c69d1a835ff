import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';
import { loadConfig } from '../config.ts';
import { createStorage } from './create-storage.ts';
import { createLocalStorage } from './local-storage.ts';
import { bucketBaseUrl, createS3Storage } from './s3-storage.ts';
import { isStorageUnreachable } from './storage-unreachable.ts';
import type { Storage } from './storage.ts';

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'streamhub-storage-'));
});
afterAll(async () => {
  await s3.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

const drivers: [string, () => Storage][] = [
  ['local', () => createLocalStorage(path.join(dir, 'media'))],
  ['s3', () => createStorage(loadConfig({ DATA_DIR: dir, ...s3.env }))],
];

describe.each(drivers)('%s storage driver', (_name, make) => {
  let storage: Storage;
  let n = 0;
  const scratch = async (content: string | Buffer) => {
    const file = path.join(dir, `scratch-${process.pid}-${++n}`);
    await fs.writeFile(file, content);
    return file;
  };
  beforeAll(() => {
    storage = make();
  });

  it('puts, reads, finds and deletes an object', async () => {
    await storage.putBuffer('avatars/a.webp', Buffer.from('avatar bytes'));
    expect(await storage.exists('avatars/a.webp')).toBe(true);
    const read = await storage.read('avatars/a.webp');
    expect(read?.size).toBe(12);
    expect(read?.contentType).toBe('image/webp');
    expect(await text(read!.body)).toBe('avatar bytes');
    await storage.delete('avatars/a.webp');
    expect(await storage.exists('avatars/a.webp')).toBe(false);
    expect(await storage.read('avatars/a.webp')).toBeNull();
    // Deleting what is not there is no error.
    await storage.delete('avatars/a.webp');
  });

  it('moves a local file in and downloads it again', async () => {
    const file = await scratch('source bytes');
    await storage.putFile('sources/v1', file);
    await expect(fs.access(file)).rejects.toThrow();
    const back = path.join(dir, `back-${n}`);
    await storage.download('sources/v1', back);
    expect(await fs.readFile(back, 'utf8')).toBe('source bytes');
  });

  it('copies a folder, lists it and deletes exactly that folder', async () => {
    const folder = path.join(dir, `folder-${++n}`);
    await fs.mkdir(path.join(folder, '240p'), { recursive: true });
    await fs.writeFile(path.join(folder, 'master.m3u8'), '#EXTM3U\n');
    await fs.writeFile(path.join(folder, '240p', 'seg_00001.m4s'), 'segment');
    await storage.putDirectory('videos/abc', folder);
    await storage.putBuffer('videos/abcd/master.m3u8', Buffer.from('#EXTM3U\n'));
    expect((await storage.list('videos/abc')).sort()).toEqual(['videos/abc/240p/seg_00001.m4s', 'videos/abc/master.m3u8']);
    expect((await storage.read('videos/abc/master.m3u8'))?.contentType).toBe('application/vnd.apple.mpegurl');
    await storage.deletePrefix('videos/abc');
    expect(await storage.list('videos/abc')).toEqual([]);
    // A folder whose name starts the same is another folder.
    expect(await storage.exists('videos/abcd/master.m3u8')).toBe(true);
  });

  it('moves a folder to another prefix, and moving it again (or what is not there) does nothing', async () => {
    await storage.putBuffer('videos/mv1/master.m3u8', Buffer.from('#EXTM3U\n'));
    await storage.putBuffer('videos/mv1/240p/seg_00001.m4s', Buffer.from('segment'));
    await storage.putBuffer('videos/mv10/master.m3u8', Buffer.from('#EXTM3U\n'));
    await storage.movePrefix('videos/mv1', 'exclusive/mv1');
    expect((await storage.list('exclusive/mv1')).sort()).toEqual([
      'exclusive/mv1/240p/seg_00001.m4s',
      'exclusive/mv1/master.m3u8',
    ]);
    expect(await storage.list('videos/mv1')).toEqual([]);
    expect(await text((await storage.read('exclusive/mv1/240p/seg_00001.m4s'))!.body)).toBe('segment');
    expect((await storage.read('exclusive/mv1/master.m3u8'))?.contentType).toBe('application/vnd.apple.mpegurl');
    // Only that folder: one whose name starts the same stays.
    expect(await storage.exists('videos/mv10/master.m3u8')).toBe(true);
    await storage.movePrefix('videos/mv1', 'exclusive/mv1');
    expect(await storage.list('exclusive/mv1')).toHaveLength(2);
  });

  it('streams a large file in without holding it in memory', async () => {
    const writeFile = async (mib: number) => {
      const file = path.join(dir, `large-${++n}`);
      const handle = await fs.open(file, 'w');
      // Real bytes, not a sparse file.
      const block = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < mib; i++) {
        block.fill(i % 251);
        await handle.write(block);
      }
      await handle.close();
      return file;
    };
    // A first put loads the SDK's lazy parts and fills the allocator's pools: not what is measured.
    await storage.putFile('sources/warm-up', await writeFile(24));
    const file = await writeFile(256);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      await storage.putFile('sources/large', file);
    } finally {
      clearInterval(sampler);
    }
    const growthMiB = (peak - before) / 1024 / 1024;
    // Holding the file would take all of its 256 MiB; a stream holds the parts in flight (4 × 8 MiB)
    // plus what the garbage collector has not yet returned (measured 10–70 MiB on a busy machine).
    expect(growthMiB).toBeLessThan(112);
    const read = await storage.read('sources/large');
    expect(read?.size).toBe(256 * 1024 * 1024);
    read?.body.destroy();
    await storage.delete('sources/large');
    await storage.delete('sources/warm-up');
  }, 180_000);

  it('builds public URLs (and signs private ones where the app does not serve files)', async () => {
    await storage.putBuffer('thumbnails/t.webp', Buffer.from('thumb'));
    const url = storage.publicUrl('thumbnails/t.webp');
    if (storage.driver === 'local') {
      expect(url).toBe('/media/thumbnails/t.webp');
      expect(await storage.signedUrl('thumbnails/t.webp', 60)).toBeNull();
      return;
    }
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/thumbnails/t.webp`);
    // Public objects are fetched from the bucket (or CDN) directly.
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const signed = await storage.signedUrl('thumbnails/t.webp', 60);
    expect(signed).toMatch(/X-Amz-Signature=/);
    expect(await (await fetch(signed!)).text()).toBe('thumb');
  });
});

describe('public URLs', () => {
  it('local: /media by default, or MEDIA_PUBLIC_BASE_URL', () => {
    const base = loadConfig({ DATA_DIR: dir });
    expect(createStorage(base).publicUrl('avatars/a b.webp')).toBe('/media/avatars/a%20b.webp');
    const cdn = loadConfig({ DATA_DIR: dir, MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com/media/' });
    expect(createStorage(cdn).publicUrl('videos/v/master.m3u8')).toBe('https://cdn.example.com/media/videos/v/master.m3u8');
  });

  it('s3: the bucket in path or virtual-hosted style, or MEDIA_PUBLIC_BASE_URL', () => {
    expect(bucketBaseUrl({ bucket: 'media', region: 'eu-west-1', forcePathStyle: false })).toBe(
      'https://media.s3.eu-west-1.amazonaws.com',
    );
    expect(bucketBaseUrl({ bucket: 'media', region: 'x', endpoint: 'http://minio:9000', forcePathStyle: true })).toBe(
      'http://minio:9000/media',
    );
    const cdn = createS3Storage({
      bucket: 'media',
      region: 'eu-west-1',
      forcePathStyle: false,
      publicBaseUrl: 'https://cdn.example.com',
      timeoutMs: 60_000,
    });
    expect(cdn.publicUrl('thumbnails/t.webp')).toBe('https://cdn.example.com/thumbnails/t.webp');
  });

  it('refuses STORAGE_DRIVER=s3 without a bucket', () => {
    expect(() => loadConfig({ DATA_DIR: dir, STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
  });
});

describe('s3 driver, a bucket that stops answering', () => {
  // Accepts connections, then neither reads, answers nor closes: a hung endpoint or load balancer,
  // a half-open connection. Nothing ever fails by itself.
  let silent: net.Server;
  const held = new Set<net.Socket>();
  let endpoint: string;
  beforeAll(async () => {
    silent = net.createServer((socket) => {
      socket.pause();
      held.add(socket.on('error', () => {}));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
  });
  afterAll(() => {
    for (const socket of held) socket.destroy();
    silent.close();
  });
  const storageWith = (timeoutMs: number) =>
    createS3Storage({
      bucket: 'b',
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      timeoutMs,
    });
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => null,
      (err: unknown) => err,
    );

  it('fails each call after S3_TIMEOUT_SECONDS of silence, as unreachable storage', { timeout: 60_000 }, async () => {
    const storage = storageWith(300);
    const folder = path.join(dir, `silent-${process.pid}`);
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'master.m3u8'), '#EXTM3U\n');
    const calls = {
      exists: () => storage.exists('videos/x/master.m3u8'),
      list: () => storage.list('videos/x'),
      download: () => storage.download('sources/x', path.join(dir, `silent-download-${process.pid}`)),
      putDirectory: () => storage.putDirectory('videos/x', folder),
      putBuffer: () => storage.putBuffer('thumbnails/x.webp', Buffer.from('x')),
    };
    for (const [name, call] of Object.entries(calls)) {
      const started = Date.now();
      const err = await failure(call());
      expect(isStorageUnreachable(err), `${name}: ${String(err)}`).toBe(true);
      // The SDK's 3 attempts of 300 ms and its backoff between them: seconds, not forever.
      expect(Date.now() - started, name).toBeLessThan(15_000);
    }
  });

  it('abandons a waiting call at once when its signal aborts', { timeout: 60_000 }, async () => {
    const storage = storageWith(120_000);
    const folder = path.join(dir, `silent-abort-${process.pid}`);
    await fs.mkdir(folder, { recursive: true });
    for (const name of ['a.m4s', 'b.m4s', 'c.m4s', 'd.m4s', 'e.m4s']) await fs.writeFile(path.join(folder, name), name);
    const calls = {
      download: (signal: AbortSignal) =>
        storage.download('sources/x', path.join(dir, `silent-abort-${process.pid}.source`), { signal }),
      putDirectory: (signal: AbortSignal) => storage.putDirectory('videos/x', folder, { signal }),
      deletePrefix: (signal: AbortSignal) => storage.deletePrefix('videos/x', { signal }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const controller = new AbortController();
      const pending = failure(call(controller.signal));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const abortedAt = Date.now();
      controller.abort(new Error('gone'));
      expect(await pending, name).toMatchObject({ name: 'AbortError' });
      expect(Date.now() - abortedAt, name).toBeLessThan(2_000);
    }
  });
});
