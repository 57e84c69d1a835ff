import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createPlaylist, createPosts, createUser, createVideo } from '../../test/factories.ts';
import { createTestContext, registerUser } from '../../test/support.ts';

// The real web app's server entry (apps/web/src/entry-server.tsx), loaded from its source (Vitest
// compiles it as Vite would) where the web-app plugin looks for the build's: every page renders
// as in production, its calls sent through the app to the real API and database.
const web = path.resolve(import.meta.dirname, '../../../web');
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'web-pages-'));
const dist = path.join(root, 'dist');
await fs.mkdir(dist);
await fs.mkdir(`${dist}-ssr`);
await fs.copyFile(path.join(web, 'index.html'), path.join(dist, 'index.html'));
await fs.writeFile(
  path.join(`${dist}-ssr`, 'entry-server.js'),
  `export * from ${JSON.stringify(path.join(web, 'src/entry-server.tsx'))};\n`,
);
const ctx = await createTestContext({ WEB_DIST_DIR: dist });
afterAll(() => fs.rm(root, { recursive: true, force: true }));

/**
 * Every row of every table, as text: any insert, update or delete changes it. The watch page's
 * view is its browser's to count (POST …/view): the render's watch call counts none.
 */
async function everything(): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(ctx.db);
  const snapshot: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const rows = await sql<{ rows: string | null }>`
      select string_agg(r, E'\\n' order by r) as rows
      from (select to_jsonb(t)::text as r from ${sql.table(name)} t) rows`.execute(ctx.db);
    snapshot[name] = rows.rows[0]?.rows ?? '';
  }
  return snapshot;
}

describe('a page request (GET) writes nothing', () => {
  it('for every page route, signed out and signed in', async () => {
    const owner = await registerUser(ctx);
    const viewer = await registerUser(ctx);
    const ownerId = (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: owner.cookie } })).json().data
      ._id as string;
    const other = await createUser(ctx.db);
    const videoId = await createVideo(ctx.db, ownerId, { title: 'Read only' });
    const exclusiveId = await createVideo(ctx.db, other.id, { title: 'Paid', isExclusive: true, priceMinor: 1000 });
    const playlistId = await createPlaylist(ctx.db, ownerId, { name: 'Mine' });
    const [postId] = await createPosts(ctx.db, ownerId, 1);
    const pages = [
      '/',
      '/?view=register',
      '/home',
      '/home?search=read',
      '/trending',
      '/error',
      '/nowhere',
      '/channel',
      `/channel/${ownerId}`,
      `/channel/${other.id}`,
      '/channel/comments',
      '/subscriptions',
      '/subscribers',
      '/liked',
      '/history',
      '/purchases',
      '/videos',
      `/videos/${ownerId}`,
      '/video/new',
      '/live/new',
      `/live/${videoId}`,
      `/video/edit/${videoId}`,
      `/video/buy/${exclusiveId}`,
      `/video/watch/${videoId}`,
      `/video/watch/${exclusiveId}`,
      '/playlist',
      `/playlist/u/${ownerId}`,
      `/playlist/p/${playlistId}`,
      `/playlist/u/${ownerId}/p/${playlistId}`,
      '/post',
      `/post/u/${ownerId}`,
      `/post/p/${postId}`,
      `/post/u/${ownerId}/p/${postId}`,
      '/post/new',
      `/post/edit/${postId}`,
      '/notifications',
      '/reports',
      '/admin',
      '/admin/reports',
      '/admin/users',
      '/admin/settings',
      '/admin/jobs',
      '/admin/audit',
      '/studio',
      '/studio/payouts',
      `/studio/${videoId}`,
      '/playlist/watch-later',
      '/account',
      '/account/security',
      '/forgot-password',
      '/reset-password?token=nothing',
      '/verify-email',
      '/confirm-email?token=nothing',
    ];
    // Every route of the web app's table (routes.tsx) is among them: a new page is read here too.
    const { bareRoutes, shellRoutes } = (await import(path.join(web, 'src/app/routes.tsx'))) as Record<
      'bareRoutes' | 'shellRoutes',
      Array<{ path: string }>
    >;
    const pattern = (route: string) => new RegExp(`^${route.replace(/:\w+/g, '[^/?]+')}(?:\\?.*)?$`);
    const unvisited = [...bareRoutes, ...shellRoutes]
      .map((route) => route.path)
      .filter((route) => route !== '*' && !pages.some((url) => pattern(route).test(url)));
    expect(unvisited).toEqual([]);
    const before = await everything();
    const statuses: string[] = [];
    // Each page renders once, with what its routes' loaders asked for (app/loaders.ts): the render
    // names any query it found without an answer.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const cookie of [undefined, viewer.cookie, owner.cookie]) {
      for (const url of pages) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        statuses.push(`${res.statusCode} ${url}`);
        expect(res.statusCode, url).toBeLessThan(500);
      }
    }
    expect(statuses).toContain(`200 /video/watch/${videoId}`);
    expect(await everything()).toEqual(before);
    const unloaded = warn.mock.calls.filter(([message]) => message === 'Rendered without its loader').map(([, key]) => key);
    warn.mockRestore();
    expect(unloaded).toEqual([]);
  });
});

describe("a user's own pages (API.md §18)", () => {
  const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('send a signed-out visitor to sign in with a server redirect, and back to the page afterwards', async () => {
    for (const url of ['/liked', '/history?page=2', '/video/edit/abc', '/post/new', '/admin/users', '/channel', '/studio/v1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(`/?next=${encodeURIComponent(url)}`);
      expect(res.body, url).toBe('');
    }
    // A session that is no longer valid is signed out too.
    expect((await get('/liked', 'sid=forged; user=forged')).headers.location).toBe('/?next=%2Fliked');
  });

  it('are rendered for a signed-in visitor; public pages are rendered for everyone', async () => {
    const user = await registerUser(ctx);
    const liked = await get('/liked', user.cookie);
    expect(liked.statusCode).toBe(200);
    expect(liked.body).toContain('<div id="root"><');
    for (const url of [
      '/home',
      '/trending',
      `/channel/${user.id}`,
      `/videos/${user.id}`,
      `/post/u/${user.id}`,
      `/playlist/u/${user.id}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it('a missing page is a 404 with the not-found screen', async () => {
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"><');
  });

  it('the sign-in page sends a signed-in visitor on: to `next` when it is a path of this site, else /home', async () => {
    const user = await registerUser(ctx);
    const cases: Array<[string, string]> = [
      ['/', '/home'],
      ['/?next=%2Fliked', '/liked'],
      ['/?next=%2Fvideo%2Fwatch%2Fv1%3Ft%3D3', '/video/watch/v1?t=3'],
      ['/?next=%2F%2Fevil.example', '/home'],
      ['/?next=%2F%5Cevil.example', '/home'],
      ['/?next=https%3A%2F%2Fevil.example', '/home'],
    ];
    for (const [url, location] of cases) {
      const res = await get(url, user.cookie);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(location);
    }
    // Signed out, it is the sign-in page.
    const signIn = await get('/?next=%2Fliked');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body).toContain('Sign In');
  });
});
