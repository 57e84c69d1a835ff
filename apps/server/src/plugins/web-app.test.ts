import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/support.ts';

// The build writes .br and .gz copies of its text files (apps/web/vite-plugins.ts): a browser
// that accepts them gets those, with Vary, for assets and for the index.html of client routes.
const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
const warmStart = 'window.warm = 1;';
const html =
  `<!doctype html><title>app</title><script type="application/json" id="data">{"a":1}</script>` +
  `<script>${warmStart}</script><script type="module" src="/assets/app-1.js"></script>${'<p>streamhub</p>'.repeat(200)}`;
const js = `export const x = ${JSON.stringify('a'.repeat(5000))};`;
await fs.mkdir(path.join(dist, 'assets'));
for (const [file, body] of [
  ['index.html', html],
  ['assets/app-1.js', js],
] as const) {
  await fs.writeFile(path.join(dist, file), body);
  await fs.writeFile(path.join(dist, `${file}.br`), zlib.brotliCompressSync(body));
  await fs.writeFile(path.join(dist, `${file}.gz`), zlib.gzipSync(body));
}
const ctx = await createTestContext({ WEB_DIST_DIR: dist });
afterAll(() => fs.rm(dist, { recursive: true, force: true }));

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the web app is served precompressed', () => {
  it('sends the Brotli or gzip copy to browsers that accept it, the plain file to others', async () => {
    const br = await get('/assets/app-1.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await get('/assets/app-1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get('/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('sends index.html compressed for the root and for client routes, never cached for long', async () => {
    for (const url of ['/', '/video/watch/abc']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
  });
});

describe('the inline warm start', () => {
  it('is allowed by the Content-Security-Policy through its hash, and no other inline script is', async () => {
    const res = await get('/home');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    const hash = `'sha256-${createHash('sha256').update(warmStart).digest('base64')}'`;
    expect(scriptSrc).toEqual(["'self'", hash]);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });
});
