import crypto from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, createVideo } from '../../test/factories.ts';
import { createTestContext, registerUser } from '../../test/support.ts';
import { RENDER_CALL_HEADER, registerRender } from './render-calls.ts';
import { cutTemplate, pageRedirect, withLang, withTheme } from './web-app.ts';

// A build of the web app: index.html and an asset with their .br and .gz copies
// (apps/web/vite-plugins.ts), and a server entry (`<dist>-ssr/entry-server.js`, as `vite build
// --ssr` writes it) that stands in for apps/web/src/entry-server.tsx: it asks the API as the
// visitor, through the fetch the server hands it, and answers with what it was given.
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'web-dist-'));
const dist = path.join(root, 'dist');
const html =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>StreamHub</title>' +
  '<meta name="description" content="placeholder" /><script type="module" src="/assets/app-1.js"></script></head>' +
  `<body><div id="root"></div>${'<p>streamhub</p>'.repeat(100)}</body></html>`;
const js = `export const x = ${JSON.stringify('a'.repeat(5000))};`;
await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
for (const [file, body] of [
  ['index.html', html],
  ['assets/app-1.js', js],
] as const) {
  await fs.writeFile(path.join(dist, file), body);
  await fs.writeFile(path.join(dist, `${file}.br`), zlib.brotliCompressSync(body));
  await fs.writeFile(path.join(dist, `${file}.gz`), zlib.gzipSync(body));
}
await fs.mkdir(`${dist}-ssr`);
await fs.writeFile(
  path.join(`${dist}-ssr`, 'entry-server.js'),
  `import { Readable } from 'node:stream';
export async function render({ url, origin, cookie, fetch, nonce }) {
  if (url === '/old') return { kind: 'redirect', status: 302, location: '/new' };
  if (url === '/broken') throw new Error('render failed');
  const me = await fetch('/api/users/me', { method: 'GET', headers: { Accept: 'application/json' } });
  const who = me.ok ? (await me.json()).data.username : 'nobody';
  // A page that tries to record a visit (the watch page's history entry) as it renders.
  const visit = url.startsWith('/visit/') ? await fetch('/api/watchHistory/track/' + url.slice(7), { method: 'POST' }) : null;
  if (visit) return { kind: 'redirect', status: 303, location: '/visited/' + visit.status };
  return {
    kind: 'page',
    status: url === '/missing' ? 404 : 200,
    head: '<title>' + who + '</title><meta name="cookies" content="' + cookie.split('; ').map((c) => c.split('=')[0]).join(' ') + '">' +
      '<script nonce="' + nonce + '">inline</script>',
    preloads: ['</media/poster.webp>; rel=preload; as=image'],
    state: '<script type="application/json" id="state">{"origin":' + JSON.stringify(origin) + '}</script>',
    markup: url === '/slow' ? slowMarkup() : Readable.from(['<main>', 'page of ' + who + ' at ' + url, '</main>']),
  };
}
// A page whose end waits until the test says (globalThis.finishSlowPage).
function slowMarkup() {
  return Readable.from((async function* () {
    yield '<main>first part</main>';
    await new Promise((resolve) => (globalThis.finishSlowPage = resolve));
    yield '<footer>last part</footer>';
  })());
}
`,
);
const ctx = await createTestContext({ WEB_DIST_DIR: dist });
// The same build on an instance whose DEFAULT_LOCALE is French.
const frenchCtx = await createTestContext({ WEB_DIST_DIR: dist, DEFAULT_LOCALE: 'fr' });
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const decoded = (res: Awaited<ReturnType<typeof get>>) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.body;
};

describe('the web app is served precompressed', () => {
  it('sends the Brotli or gzip copy of an asset to browsers that accept it, the plain file to others', async () => {
    const br = await get('/assets/app-1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await get('/assets/app-1.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get('/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('answers missing API routes, media and assets with the 404 envelope, never a page', async () => {
    for (const url of ['/api/nope', '/media/nope.webp', '/assets/nope.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ statusCode: 404, success: false });
    }
  });
});

describe('pages rendered by the server entry', () => {
  it("puts the page's head into index.html's head (instead of its placeholders), its markup into the root and its data after it", async () => {
    const res = await get('/video/watch/abc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const [head = '', body = ''] = res.body.split('</head>');
    expect(head).toContain('<title>nobody</title>');
    expect(head).not.toContain('<title>StreamHub</title>');
    expect(head).not.toContain('placeholder');
    expect(head).toContain('<script type="module" src="/assets/app-1.js"></script>');
    expect(body).toContain('<div id="root"><main>page of nobody at /video/watch/abc</main></div>');
    expect(body).toMatch(
      /<script type="application\/json" id="state">\{"origin":"http:\/\/localhost(:\d+)?"\}<\/script><\/body>/,
    );
    expect(res.headers.link).toBe('</media/poster.webp>; rel=preload; as=image');
  });

  it('asks the API as the visitor (their cookies), and keeps the page private to them', async () => {
    const user = await registerUser(ctx);
    const me = (await get('/api/users/me', { cookie: user.cookie })).json() as { data: { username: string } };
    for (const url of ['/home', '/liked']) {
      const res = await get(url, { cookie: user.cookie });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<title>${me.data.username}</title>`);
      expect(res.headers['cache-control'], url).toBe('private, no-cache');
      expect(res.headers.vary, url).toMatch(/cookie/i);
    }
  });

  it("lets a render's calls ask as the viewer its page request found; their key means nothing from outside, nor once the page is sent", async () => {
    const user = await registerUser(ctx);
    const me = (await get('/api/users/me', { cookie: user.cookie })).json() as { data: { _id: string; username: string } };
    expect((await get('/api/users/me', { [RENDER_CALL_HEADER]: crypto.randomUUID() })).statusCode).toBe(401);
    const render = registerRender({
      _id: me.data._id,
      username: me.data.username,
      fullname: 'Handed',
      avatar: '',
      sessionId: 'page',
      role: 'user',
    });
    const asked = await get('/api/users/me', render.header);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data.username).toBe(me.data.username);
    render.release();
    expect((await get('/api/users/me', render.header)).statusCode).toBe(401);
  });

  it('renders a page with a forged or expired session for nobody, and clears both cookies with it', async () => {
    const res = await get('/home', { cookie: 'sid=forged; user=forged; theme=dark' });
    expect(res.body).toContain('<title>nobody</title>');
    // The render is not handed the session's cookies (the browser will not have them either).
    expect(res.body).toContain('<meta name="cookies" content="theme">');
    expect(
      res.cookies
        .filter((c) => c.value === '')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['sid', 'user']);
  });

  it('streams the page compressed as the browser accepts', async () => {
    const br = await get('/home', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decoded(br)).toContain('<main>page of nobody at /home</main>');
    const gz = await get('/home', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const sameNonce = (text: string) => text.replace(/nonce="[^"]*"/g, 'nonce=""');
    expect(sameNonce(decoded(gz))).toBe(sameNonce(decoded(br)));
  });

  it('sends what is rendered at once, compressed, while the rest of the page is still being made', async () => {
    // Listening for real: an injected request gets its answer whole. (The context's close stops it.)
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    {
      for (const encoding of ['br', 'gzip']) {
        const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
          http.get(`${address}/slow`, { headers: { 'accept-encoding': encoding } }, resolve).on('error', reject),
        );
        const text = res.pipe(encoding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip());
        let received = '';
        for await (const chunk of text) {
          received += String(chunk);
          if (received.includes('first part')) break;
        }
        // The head and the first part arrived; the page's end is not made yet.
        expect(received).toContain('<title>nobody</title>');
        expect(received).not.toContain('last part');
        (globalThis as { finishSlowPage?: () => void }).finishSlowPage?.();
        res.destroy();
      }
    }
  });

  it("answers with the entry's status and redirects, and the browser's own render when the server's fails", async () => {
    expect((await get('/missing')).statusCode).toBe(404);
    const moved = await get('/old');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/new');
    const broken = await get('/broken');
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toBe(html);
  });

  it('sends only GETs for a render: a call that would change something changes nothing', async () => {
    const user = await registerUser(ctx);
    const owner = await createUser(ctx.db);
    const videoId = await createVideo(ctx.db, owner.id, { title: 'Visited' });
    const history = async () =>
      ((await get('/api/watchHistory', { cookie: user.cookie })).json() as { data: Array<{ video: { _id: string } }> }).data;
    const opened = await get(`/visit/${videoId}`, { cookie: user.cookie });
    expect(opened.headers.location).toBe('/visited/404');
    expect(await history()).toEqual([]);
  });

  it("sends a signed-out visitor of a user's own page to sign in before rendering anything", async () => {
    const res = await get('/liked?page=2');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?next=%2Fliked%3Fpage%3D2');
  });

  it('answers a malformed Host header with the 400 envelope, for pages and API calls alike, logging no error', async () => {
    const errors: unknown[] = [];
    const logError = ctx.app.log.error.bind(ctx.app.log);
    ctx.app.log.error = ((...args: unknown[]) => void errors.push(args)) as typeof ctx.app.log.error;
    try {
      for (const host of ['exa mple.com', 'user@example.com', 'example.com/path', 'example.com:99999', 'exa"mple.com']) {
        for (const url of ['/video/watch/0190a5f0-0000-7000-8000-000000000000', '/', '/api/video?page=1']) {
          const res = await get(url, { host });
          expect(res.statusCode, `${host} ${url}`).toBe(400);
          expect(res.json()).toEqual({
            statusCode: 400,
            data: 'Invalid Host header',
            message: 'Invalid Host header',
            success: false,
          });
        }
      }
    } finally {
      ctx.app.log.error = logError;
    }
    expect(errors).toEqual([]);
    // Well-formed hosts, with or without a port, IPv6 too, are pages as ever.
    for (const host of ['example.com', 'example.com:8080', '[::1]:3000', '127.0.0.1'])
      expect((await get('/', { host })).statusCode).toBe(200);
  });

  it('refuses other methods on pages with the 404 envelope', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/home', headers: { origin: 'http://localhost' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });
});

describe('the page template', () => {
  it('is index.html without its placeholder title and description, cut at </head> and the root', () => {
    expect(cutTemplate(html)).toEqual({
      head: `<!doctype html><html><head><meta charset="UTF-8" /><script type="module" src="/assets/app-1.js"></script>`,
      beforeRoot: '</head><body><div id="root">',
      afterRoot: `</div>${'<p>streamhub</p>'.repeat(100)}</body></html>`,
    });
    expect(() => cutTemplate('<html><body><p>no root</p></body></html>')).toThrow();
  });
});

describe("the page's inline scripts (React's form replaying)", () => {
  it('run by a nonce of their response alone: a new one for every page, none for an API answer', async () => {
    const nonces: Array<string | undefined> = [];
    for (let i = 0; i < 2; i++) {
      const res = await get('/home');
      const scriptSrc = String(res.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.startsWith('script-src'));
      const nonce = /^script-src 'self' 'nonce-([A-Za-z0-9+/=]{20,})'$/.exec(scriptSrc ?? '')?.[1];
      expect(nonce, scriptSrc).toBeDefined();
      expect(res.body).toContain(`<script nonce="${nonce}">inline</script>`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    const api = String((await get('/api/health')).headers['content-security-policy']);
    expect(api.split(';').find((directive) => directive.startsWith('script-src'))).toBe("script-src 'self'");
  });
});

describe('where a page request is sent instead of rendered', () => {
  it("sends a signed-out visitor of a user's page to sign in, a signed-in one from sign-in to a path of this site", () => {
    expect(pageRedirect('/liked', false)).toBe('/?next=%2Fliked');
    expect(pageRedirect('/liked', true)).toBeNull();
    expect(pageRedirect('/home', false)).toBeNull();
    expect(pageRedirect('/video/watch/v1', false)).toBeNull();
    expect(pageRedirect('/', false)).toBeNull();
    expect(pageRedirect('/?next=%2Fliked', false)).toBeNull();
    expect(pageRedirect('/', true)).toBe('/home');
    expect(pageRedirect('/?next=%2Fliked%3Fpage%3D2', true)).toBe('/liked?page=2');
    expect(pageRedirect('/?next=%2F%2Fevil.example', true)).toBe('/home');
    expect(pageRedirect('//liked', false)).toBeNull();
  });
});

describe("the page's <html> carries the stored theme", () => {
  const head = '<!doctype html>\n<html lang="en">\n<head>';
  it('writes a known theme, and nothing for none', () => {
    expect(withTheme(head, 'light')).toContain('<html data-theme="light" lang="en">');
    expect(withTheme(head, 'dark')).toContain('<html data-theme="dark" lang="en">');
    expect(withTheme(head, null)).toBe(head);
  });
});

describe("the page's language (API.md §21) is the lang cookie's, else Accept-Language's, else DEFAULT_LOCALE", () => {
  const langOf = async (headers: Record<string, string>) => {
    const res = await get('/home', headers);
    expect(res.statusCode).toBe(200);
    return { html: /<html[^>]*>/.exec(decoded(res))?.[0], language: res.headers['content-language'], vary: res.headers.vary };
  };

  it('renders in the browser’s best shipped language, a region falling back to its language', async () => {
    expect(await langOf({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' })).toMatchObject({
      html: '<html lang="fr">',
      language: 'fr',
    });
    expect(await langOf({ 'accept-language': 'de-DE,de;q=0.9,fr;q=0.5,en;q=0.4' })).toMatchObject({ html: '<html lang="fr">' });
    expect((await langOf({ 'accept-language': 'de, ja' })).html).toBe('<html lang="en">');
    expect((await langOf({})).html).toBe('<html lang="en">');
    expect((await langOf({ 'accept-language': 'fr;q=0, en' })).html).toBe('<html lang="en">');
    expect((await langOf({})).vary).toMatch(/accept-language/i);
  });

  it('the lang cookie wins over Accept-Language; an unknown one is ignored; the pseudo-locale is accepted', async () => {
    expect((await langOf({ cookie: 'lang=en', 'accept-language': 'fr' })).html).toBe('<html lang="en">');
    expect((await langOf({ cookie: 'lang=fr', 'accept-language': 'en' })).html).toBe('<html lang="fr">');
    expect((await langOf({ cookie: 'lang=xx"><script>', 'accept-language': 'fr' })).html).toBe('<html lang="fr">');
    expect((await langOf({ cookie: 'lang=en-XA' })).html).toBe('<html lang="en-XA">');
  });

  it('an instance whose DEFAULT_LOCALE is fr speaks French to a browser that asks for no shipped language', async () => {
    const res = await frenchCtx.app.inject({ method: 'GET', url: '/home', headers: { 'accept-language': 'de' } });
    expect(res.body).toContain('<html lang="fr">');
    const chosen = await frenchCtx.app.inject({ method: 'GET', url: '/home', headers: { cookie: 'lang=en' } });
    expect(chosen.body).toContain('<html lang="en">');
  });

  it('withLang replaces index.html’s own lang', () => {
    expect(withLang('<!doctype html>\n<html data-theme="dark" lang="en">\n<head>', 'fr')).toContain(
      '<html data-theme="dark" lang="fr">',
    );
  });
});
