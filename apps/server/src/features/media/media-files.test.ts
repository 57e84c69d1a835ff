import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMediaFiles, MediaFileMissing } from './media-files.ts';

// The HTTP semantics of the media fast path, over a real listening Node server and real files.

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-files-'));
let clock = 0;
const files = createMediaFiles({ cacheBytes: 64 * 1024, maxCachedFileBytes: 16 * 1024, revalidateMs: 1000, now: () => clock });
let immutable = true;
const server = http.createServer((req, res) => {
  const file = path.join(dir, req.url!.slice(1));
  files.serve(req, res, file, { cacheControl: 'public, max-age=60', immutable }).catch((err: unknown) => {
    res.writeHead(err instanceof MediaFileMissing ? 404 : 500).end();
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await fs.rm(dir, { recursive: true, force: true });
});

const small = Buffer.from('#EXTM3U\n#EXT-X-VERSION:7\n');
const large = Buffer.alloc(3 * 1024 * 1024 + 17, 0);
for (let i = 0; i < large.length; i++) large[i] = i % 251;
await fs.writeFile(path.join(dir, 'master.m3u8'), small);
await fs.writeFile(path.join(dir, 'seg.m4s'), large);

const get = async (name: string, headers: Record<string, string> = {}, method = 'GET') => {
  const res = await fetch(`${base}/${name}`, { method, headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
};

describe.each([
  ['small (kept in memory)', 'master.m3u8', small],
  ['large (streamed from disk)', 'seg.m4s', large],
])('%s file', (_label, name, bytes) => {
  it('answers 200 with the whole file, its type, caching headers and a strong ETag', async () => {
    const { res, body } = await get(name);
    expect(res.status).toBe(200);
    expect(body.equals(bytes)).toBe(true);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('content-type')).toBe(name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/iso.segment');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('last-modified')).toBeTruthy();
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const { res, body } = await get(name, {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(body.length).toBe(0);
  });

  it('answers 304 to a matching If-None-Match or If-Modified-Since, 200 to another tag', async () => {
    const { res } = await get(name);
    const etag = res.headers.get('etag')!;
    expect((await get(name, { 'if-none-match': etag })).res.status).toBe(304);
    expect((await get(name, { 'if-none-match': `"other", W/${etag}` })).res.status).toBe(304);
    expect((await get(name, { 'if-modified-since': res.headers.get('last-modified')! })).res.status).toBe(304);
    const other = await get(name, { 'if-none-match': '"other"' });
    expect(other.res.status).toBe(200);
    expect(other.body.length).toBe(bytes.length);
  });

  it('answers byte ranges with 206 and Content-Range: first bytes, open end, suffix', async () => {
    const size = bytes.length;
    for (const [range, start, end] of [
      ['bytes=0-9', 0, 9],
      [`bytes=5-`, 5, size - 1],
      ['bytes=-7', size - 7, size - 1],
      [`bytes=3-${size + 100}`, 3, size - 1],
    ] as const) {
      const { res, body } = await get(name, { range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(body.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers 416 to a range past the end, and the whole file to a stale If-Range', async () => {
    const past = await get(name, { range: `bytes=${bytes.length}-` });
    expect(past.res.status).toBe(416);
    expect(past.res.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    const stale = await get(name, { range: 'bytes=0-9', 'if-range': '"not-this-one"' });
    expect(stale.res.status).toBe(200);
    expect(stale.body.length).toBe(bytes.length);
    const etag = (await get(name, {}, 'HEAD')).res.headers.get('etag')!;
    expect((await get(name, { range: 'bytes=0-9', 'if-range': etag })).res.status).toBe(206);
  });
});

describe('memory cache', () => {
  it('keeps small files of finished videos, bounded in bytes, and not files that still change', async () => {
    immutable = false;
    await get('master.m3u8');
    expect(files.stats().entries).toBe(0);
    immutable = true;
    await get('master.m3u8');
    await get('seg.m4s'); // too large to keep
    expect(files.stats().entries).toBe(1);
    for (let i = 0; i < 10; i++) await fs.writeFile(path.join(dir, `init-${i}.mp4`), Buffer.alloc(15 * 1024, i));
    for (let i = 0; i < 10; i++) await get(`init-${i}.mp4`);
    expect(files.stats().bytes).toBeLessThanOrEqual(64 * 1024);
    expect(files.stats().entries).toBeLessThan(11);
  });

  it('keeps a large file of a finished video once it is asked for twice, and serves it whole and in ranges', async () => {
    const hot = createMediaFiles({ cacheBytes: 8 * 1024 * 1024, maxCachedFileBytes: 16 * 1024 });
    const name = path.join(dir, 'hot.m4s');
    await fs.writeFile(name, large);
    const probe = http.createServer((req, res) => {
      hot.serve(req, res, name, { cacheControl: 'public, max-age=60', immutable }).catch(() => res.writeHead(404).end());
    });
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/`;
    const fetchBody = async (headers: Record<string, string> = {}) =>
      Buffer.from(await (await fetch(url, { headers })).arrayBuffer());
    try {
      immutable = false; // still being written: never kept however often asked
      for (let i = 0; i < 3; i++) expect((await fetchBody()).equals(large)).toBe(true);
      expect(hot.stats().entries).toBe(0);
      immutable = true;
      expect((await fetchBody()).equals(large)).toBe(true);
      expect(hot.stats().entries).toBe(0); // asked once: streamed from disk
      expect((await fetchBody()).equals(large)).toBe(true);
      expect(hot.stats()).toMatchObject({ entries: 1 });
      expect(hot.stats().bytes).toBeGreaterThanOrEqual(large.length);
      expect((await fetchBody()).equals(large)).toBe(true);
      expect((await fetchBody({ range: 'bytes=10-19' })).equals(large.subarray(10, 20))).toBe(true);
      await fs.rm(name);
      expect((await fetch(url)).status).toBe(404);
      expect(hot.stats().entries).toBe(0);
    } finally {
      await new Promise((r) => probe.close(r));
    }
  });

  it('serves a changed file while it still changes, and a finished file checked against the disk when older than revalidateMs', async () => {
    immutable = false;
    await fs.writeFile(path.join(dir, 'live.m3u8'), '#EXTM3U\n# one\n');
    expect((await get('live.m3u8')).body.toString()).toContain('one');
    await fs.writeFile(path.join(dir, 'live.m3u8'), '#EXTM3U\n# two\n');
    expect((await get('live.m3u8')).body.toString()).toContain('two');

    immutable = true;
    const name = 'done.m3u8';
    await fs.writeFile(path.join(dir, name), '#EXTM3U\n# done\n');
    expect((await get(name)).res.status).toBe(200);
    await fs.rm(path.join(dir, name));
    // Within the revalidation interval the kept copy answers; past it the disk does.
    expect((await get(name)).res.status).toBe(200);
    clock += 1001;
    expect((await get(name)).res.status).toBe(404);
    expect((await get('missing.m4s')).res.status).toBe(404);
  });

  it('by default checks a kept file on every request: a deleted file is gone at once', async () => {
    const strict = createMediaFiles({ cacheBytes: 64 * 1024 });
    const name = path.join(dir, 'strict.m3u8');
    await fs.writeFile(name, '#EXTM3U\n# kept\n');
    const serveOnce = () =>
      new Promise<number>((resolve) => {
        const probe = http.createServer((req, res) => {
          strict.serve(req, res, name, { cacheControl: 'no-cache', immutable: true }).catch(() => res.writeHead(404).end());
        });
        probe.listen(0, '127.0.0.1', async () => {
          const res = await fetch(`http://127.0.0.1:${(probe.address() as AddressInfo).port}/`);
          await res.arrayBuffer();
          probe.close();
          resolve(res.status);
        });
      });
    expect(await serveOnce()).toBe(200);
    expect(strict.stats().entries).toBe(1);
    await fs.rm(name);
    expect(await serveOnce()).toBe(404);
  });

  it('trusts kept files while revalidateMs() says so, until forget or clear; asks the disk again when it says 0', async () => {
    let trusted = true;
    const kept = createMediaFiles({ cacheBytes: 64 * 1024, revalidateMs: () => (trusted ? 60_000 : 0) });
    const folder = path.join(dir, 'trusted');
    await fs.mkdir(folder, { recursive: true });
    const [a, b] = [path.join(folder, 'a.m3u8'), path.join(dir, 'b.m3u8')];
    await fs.writeFile(a, '#EXTM3U\n# a\n');
    await fs.writeFile(b, '#EXTM3U\n# b\n');
    const probe = http.createServer((req, res) => {
      const file = req.url === '/a' ? a : b;
      if (kept.serveKept(req, res, file, { cacheControl: 'no-cache', immutable: true })) return;
      kept.serve(req, res, file, { cacheControl: 'no-cache', immutable: true }).catch(() => res.writeHead(404).end());
    });
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const status = async (which: 'a' | 'b') => {
      const res = await fetch(`http://127.0.0.1:${(probe.address() as AddressInfo).port}/${which}`);
      await res.arrayBuffer();
      return res.status;
    };
    try {
      expect([await status('a'), await status('b')]).toEqual([200, 200]);
      await fs.rm(a);
      await fs.rm(b);
      // Trusted: the memory answers without asking the disk.
      expect([await status('a'), await status('b')]).toEqual([200, 200]);
      kept.forget(folder);
      expect([await status('a'), await status('b')]).toEqual([404, 200]);
      kept.clear();
      expect(await status('b')).toBe(404);
      // Not trusted (the handler no longer hears of deletions): the disk is asked every time.
      await fs.writeFile(b, '#EXTM3U\n# b again\n');
      expect(await status('b')).toBe(200);
      trusted = false;
      await fs.rm(b);
      expect(await status('b')).toBe(404);
    } finally {
      await new Promise((r) => probe.close(r));
    }
  });
});
