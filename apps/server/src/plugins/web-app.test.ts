import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createEntitlement, createUser, createVideo } from '../../test/factories.ts';
import { createTestContext, registerUser } from '../../test/support.ts';
import { buildApp } from '../app.ts';
import { createDb } from '../db/database.ts';
import { freePort } from '../db/embedded.ts';
import { createServices } from '../deps.ts';
import { firstCardsHtml, posterFrameHtml } from '@streamhub/contract/first-paint';
import { withFirstPaint } from './web-app.ts';

const withPoster = (page: string, url: string) => withFirstPaint(page, posterFrameHtml(url));

// The build writes .br and .gz copies of its text files (apps/web/vite-plugins.ts): a browser
// that accepts them gets those, with Vary, for assets and for the index.html of client routes.
const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
const warmStart = 'window.warm = 1;';
const html =
  `<!doctype html><title>app</title><script type="application/json" id="data">{"a":1}</script>` +
  `<script>${warmStart}</script><script type="module" src="/assets/app-1.js"></script>${'<p>streamhub</p>'.repeat(200)}` +
  `<div id="root"><p data-first-paint>Loading data...</p></div>`;
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

const owner = await registerUser(ctx);
const viewer = await registerUser(ctx);
const buyer = await registerUser(ctx);
const open = await createVideo(ctx.db, owner.id);
const exclusive = await createVideo(ctx.db, owner.id, { isExclusive: true });
const processing = await createVideo(ctx.db, owner.id, { status: 'processing' });
await createEntitlement(ctx.db, buyer.id, { videoId: exclusive });
describe("the watch page's poster, in its HTML", () => {
  const page = (videoId: string, cookie?: string, acceptEncoding = 'gzip, deflate, br') =>
    ctx.app.inject({
      method: 'GET',
      url: `/video/watch/${videoId}`,
      headers: { 'accept-encoding': acceptEncoding, ...(cookie ? { cookie } : {}) },
    });
  const decoded = (res: Awaited<ReturnType<typeof page>>) => {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
    if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
    return res.body;
  };
  const poster = (videoId: string) => `/media/thumbnails/${videoId}.webp`;

  it('paints the thumbnail of a video the viewer may watch where the player will be, and preloads it', async () => {
    for (const cookie of [undefined, viewer.cookie, owner.cookie]) {
      const res = await page(open, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const body = decoded(res);
      expect(body).toBe(withPoster(html, poster(open)));
      expect(body).toMatch(new RegExp(`<div id="root"><div aria-hidden="true" data-poster>.*<img alt="" src="${poster(open)}"`));
      expect(res.headers.link).toBe(`<${poster(open)}>; rel=preload; as=image; fetchpriority=high`);
      // It depends on the session: never kept by a shared cache.
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toMatch(/cookie/i);
    }
  });

  it('sends it compressed as the browser accepts', async () => {
    expect((await page(open, undefined, 'br')).headers['content-encoding']).toBe('br');
    const gz = await page(open, undefined, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(withPoster(html, poster(open)));
    const plain = await page(open, undefined, '');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(withPoster(html, poster(open)));
  });

  it("follows the watch rule: an exclusive video's poster only for its owner and buyers, an unready one only for its owner", async () => {
    const cases: Array<[string, string | undefined, boolean]> = [
      [exclusive, undefined, false],
      [exclusive, viewer.cookie, false],
      [exclusive, buyer.cookie, true],
      [exclusive, owner.cookie, true],
      [processing, viewer.cookie, false],
      [processing, owner.cookie, true],
    ];
    for (const [videoId, cookie, shown] of cases) {
      const res = await page(videoId, cookie);
      expect(res.statusCode).toBe(200);
      expect(decoded(res)).toBe(shown ? withPoster(html, poster(videoId)) : html);
      expect(res.headers.link).toBe(shown ? `<${poster(videoId)}>; rel=preload; as=image; fetchpriority=high` : undefined);
    }
  });

  it('sends the plain page for a video that does not exist, a malformed id, or a session that does not', async () => {
    const other = await createUser(ctx.db);
    const gone = await createVideo(ctx.db, other.id);
    await ctx.db.deleteFrom('videos').where('id', '=', gone).execute();
    for (const videoId of [gone, 'not-a-uuid', '%00', `${open}x`]) {
      const res = await page(videoId, viewer.cookie);
      expect(res.statusCode, videoId).toBe(200);
      expect(decoded(res), videoId).toBe(html);
    }
    // A forged session is nobody: an open video's poster, and both cookies cleared as on the API.
    const forged = await page(exclusive, 'sid=forged; user=forged');
    expect(decoded(forged)).toBe(html);
    expect(
      forged.cookies
        .filter((c) => c.value === '')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['sid', 'user']);
  });

  it('sends the plain page while the database is away, not an error', async () => {
    const deadDb = createDb(`postgres://postgres:postgres@127.0.0.1:${await freePort()}/gone`, 2);
    const infra = { ...ctx.deps, db: deadDb };
    const app = await buildApp({ ...infra, services: createServices(infra) });
    try {
      for (const url of [`/video/watch/${open}`, '/home']) {
        const res = await app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(html);
        expect(res.cookies, url).toEqual([]);
      }
    } finally {
      await app.close();
      await deadDb.destroy();
    }
  });

  it('escapes the URL it writes into the page', () => {
    const painted = withPoster('<div id="root"></div>', '/a"><script>x</script>');
    expect(painted).toMatch(/^<div id="root"><div aria-hidden="true" data-poster>.*<\/div><\/div>$/);
    expect(painted).toContain('<img alt="" src="/a&#34;&#62;&#60;script&#62;x&#60;/script&#62;" fetchpriority="high"');
    expect(painted).not.toContain('<script>');
    expect(withPoster('<p>no root</p>', '/a.webp')).toBeNull();
    expect(firstCardsHtml(['/b"<>.webp'])).toContain('src="/b&#34;&#60;&#62;.webp"');
  });
});

describe("/home's first cards, in its HTML", () => {
  it('are preloaded by a Link header for a signed-in visitor, in the order of the list the grid shows', async () => {
    const creator = await createUser(ctx.db);
    for (let i = 0; i < 5; i++) await createVideo(ctx.db, creator.id);
    const list = (await get('/api/video?page=1')).json() as { data: { videos: Array<{ thumbnail: string }> } };
    const firstFour = list.data.videos.slice(0, 4).map((video) => video.thumbnail);
    expect(firstFour).toHaveLength(4);

    const res = await ctx.app.inject({
      method: 'GET',
      url: '/home',
      headers: { cookie: viewer.cookie, 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.link).toBe(firstFour.map((url) => `<${url}>; rel=preload; as=image; fetchpriority=high`).join(', '));
    // Painted where the grid will be, before the app has run.
    const body = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(body).toBe(withFirstPaint(html, firstCardsHtml(firstFour)));
    for (const url of firstFour) expect(body).toContain(`<img alt="" src="${url}" fetchpriority="high"`);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it('are neither painted nor preloaded for a visitor without the user cookie (the app sends them to /) or for a filtered grid', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/home' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers.link).toBeUndefined();
    expect(anonymous.body).toBe(html);
    const filtered = await ctx.app.inject({ method: 'GET', url: '/home?query=river', headers: { cookie: viewer.cookie } });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.headers.link).toBeUndefined();
    expect(filtered.body).toBe(html);
  });
});
