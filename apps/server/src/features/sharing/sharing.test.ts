import { describe, expect, it } from 'vitest';
import { createUser, createVideo, type VideoFields } from '../../../test/factories.ts';
import { createTestContext, errorEnvelope } from '../../../test/support.ts';
import { buildApp } from '../../app.ts';
import { createSharingService } from './sharing.service.ts';

// oEmbed, the embed player, the sitemap and robots.txt through the real app and database (API.md §15).

const ctx = await createTestContext();
const { db, deps } = ctx;
const PUBLIC = 'https://videos.example.com';
// The same process configured with PUBLIC_URL (and a sitemap that pages after 2 URLs, so the index shows).
const app = await buildApp({
  ...deps,
  config: { ...deps.config, publicUrl: PUBLIC },
  services: {
    ...deps.services,
    sharing: createSharingService({ ...deps, ...deps.services, publicUrl: deps.storage.publicUrl, sitemapPageSize: 2 }),
  },
});
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

await db.updateTable('instance_settings').set({ instance_name: 'Cinema Club' }).execute();
const owner = await createUser(db, { fullname: 'Ada Owner' });

/** A video as a finished transcode leaves it (files recorded), of `owner` unless told. */
async function finishedVideo(fields: Partial<VideoFields> = {}, ownerId = owner.id) {
  const id = await createVideo(db, ownerId, fields);
  await db.updateTable('videos').set({ has_mp4: true, has_hls: true }).where('id', '=', id).execute();
  return id;
}
const removed = async () => {
  const id = await finishedVideo();
  await db
    .updateTable('videos')
    .set({ status: 'removed', removed_reason: 'Spam', removed_by: 'takedown', status_before_removal: 'ready' })
    .where('id', '=', id)
    .execute();
  return id;
};
const publicId = await finishedVideo({ title: 'Sunrise over the bay' });
const exclusiveId = await finishedVideo({ title: 'Members cut', isExclusive: true });
const MISSING = '0190a5f0-0000-7000-8000-000000000000';
const watchUrl = (id: string, origin = PUBLIC) => `${origin}/video/watch/${id}`;
const oembed = (url: string, more = '') => get(`/api/oembed?url=${encodeURIComponent(url)}${more}`);
/** What the watch call gives an anonymous viewer: the embed must play the very same file. */
const watched = async (id: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/video/v/${id}` })).json().data as { videoFile: string; thumbnail: string };

describe('GET /api/oembed', () => {
  it('describes a public video: oEmbed 1.0 JSON outside the envelope, an iframe of /embed/:id, absolute links, shared caching', async () => {
    const res = await oembed(watchUrl(publicId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const thumbnail = new URL((await watched(publicId)).thumbnail, PUBLIC).href;
    expect(res.json()).toEqual({
      version: '1.0',
      type: 'video',
      provider_name: 'Cinema Club',
      provider_url: `${PUBLIC}/`,
      title: 'Sunrise over the bay',
      author_name: 'Ada Owner',
      author_url: `${PUBLIC}/channel/${owner.id}`,
      thumbnail_url: thumbnail,
      thumbnail_width: 1280,
      thumbnail_height: 720,
      html: `<iframe src="${PUBLIC}/embed/${publicId}" width="640" height="360" title="Sunrise over the bay" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`,
      width: 640,
      height: 360,
    });
  });

  it.each([
    ['maxwidth=320', 320, 180],
    ['maxheight=90', 160, 90],
    ['maxwidth=300&maxheight=100', 177, 100],
    ['maxwidth=2000&maxheight=2000', 640, 360],
    ['maxwidth=', 640, 360],
  ])('fits the 16:9 player in %s', async (limits, width, height) => {
    const res = await oembed(watchUrl(publicId), `&${limits}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ width, height });
    expect(res.json().html).toContain(`width="${width}" height="${height}"`);
  });

  it('reads the URL with a trailing slash, a start time (carried into the embed) or in upper case', async () => {
    expect((await oembed(`${watchUrl(publicId)}/`)).statusCode).toBe(200);
    expect((await oembed(watchUrl(publicId.toUpperCase()))).statusCode).toBe(200);
    const timed = await oembed(`${watchUrl(publicId)}?t=83`);
    expect(timed.json().html).toContain(`src="${PUBLIC}/embed/${publicId}?t=83"`);
  });

  it.each([
    ['an exclusive video', () => watchUrl(exclusiveId)],
    ['a removed video', async () => watchUrl(await removed())],
    ['a video still processing', async () => watchUrl(await finishedVideo({ status: 'processing' }))],
    ['a failed video', async () => watchUrl(await finishedVideo({ status: 'failed' }))],
    ['an unknown video', () => watchUrl(MISSING)],
    ['a watch URL on another host', () => watchUrl(publicId, 'https://evil.example.net')],
    ['the same host over another scheme', () => watchUrl(publicId, 'http://videos.example.com')],
    ['another page of the app', () => `${PUBLIC}/channel/${owner.id}`],
    ['a watch URL with a malformed id', () => `${PUBLIC}/video/watch/not-an-id`],
    ['a URL that does not parse', () => 'not a url at all'],
    ['an empty URL', () => ''],
  ])('answers 404 (JSON envelope) for %s', async (_name, url) => {
    const res = await oembed(await url());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorEnvelope(404, 'Video not found'));
  });

  it('refuses xml with 501, and an unknown format, malformed sizes, a control character or a missing url with 400', async () => {
    const xml = await oembed(watchUrl(publicId), '&format=xml');
    expect(xml.statusCode).toBe(501);
    expect(xml.json()).toEqual(errorEnvelope(501, 'Only format=json is supported'));
    expect((await oembed(watchUrl(publicId), '&format=json')).statusCode).toBe(200);
    for (const bad of ['&format=yaml', '&maxwidth=abc', '&maxwidth=-5', '&maxheight=1.5']) {
      expect((await oembed(watchUrl(publicId), bad)).statusCode, bad).toBe(400);
    }
    expect((await get('/api/oembed')).statusCode).toBe(400);
    expect((await get('/api/oembed?url=http%3A%2F%2Fa%00b')).statusCode).toBe(400);
  });

  it('without PUBLIC_URL: links on the request’s own origin, kept by the asking browser only (a forged Host reaches nobody else)', async () => {
    const url = (host: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/oembed?url=${encodeURIComponent(watchUrl(publicId, `http://${host}`))}`,
        headers: { host },
      });
    const res = await url('streamhub.local:8080');
    expect(res.statusCode).toBe(200);
    expect(res.json().html).toContain(`src="http://streamhub.local:8080/embed/${publicId}"`);
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    // A URL on another host than the one asked is not ours.
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/oembed?url=${encodeURIComponent(watchUrl(publicId, 'http://elsewhere.test'))}`,
      headers: { host: 'streamhub.local:8080' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

/** Every URL the page names in an attribute: what a browser showing it could fetch or follow. */
const urlsIn = (html: string) => [...html.matchAll(/\b(?:src|href|poster)="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('GET /embed/:videoId', () => {
  it('plays a public video: a plain <video> on the watch call’s progressive file, poster, links to the watch page', async () => {
    const res = await get(`/embed/${publicId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const { videoFile, thumbnail } = await watched(publicId);
    expect(videoFile).toBeTruthy();
    expect(res.body).toMatch(/<video controls playsinline preload="metadata"/);
    expect(res.body).toContain(`src="${videoFile}"`);
    expect(res.body).toContain(`poster="${new URL(thumbnail, PUBLIC).href}"`);
    expect(res.body).toContain(`href="${watchUrl(publicId)}"`);
    expect(res.body).toContain('Watch on Cinema Club');
    expect(res.body).not.toContain('autoplay');
    expect(res.body).not.toMatch(/<script/i);
  });

  it('starts at ?t= (a media fragment) and plays at once, muted, with autoplay=1; unreadable values are ignored', async () => {
    const { videoFile } = await watched(publicId);
    const res = await get(`/embed/${publicId}?t=42&autoplay=1`);
    expect(res.body).toContain(`src="${videoFile}#t=42"`);
    expect(res.body).toMatch(/<video[^>]* autoplay muted/);
    const ignored = await get(`/embed/${publicId}?t=soon&autoplay=maybe`);
    expect(ignored.statusCode).toBe(200);
    expect(ignored.body).toContain(`src="${videoFile}"`);
    expect(ignored.body).not.toContain('autoplay');
  });

  it('any site may frame it (frame-ancestors *, no X-Frame-Options); every other answer still refuses frames', async () => {
    const embed = await get(`/embed/${publicId}`);
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    for (const url of [
      '/api/health',
      `/api/oembed?url=${encodeURIComponent(watchUrl(publicId))}`,
      '/robots.txt',
      '/sitemap.xml',
      '/home',
    ]) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('shows an exclusive video as a card (title, thumbnail, link) that names no media: nothing on it fetches a byte of the video', async () => {
    const res = await get(`/embed/${exclusiveId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Members cut');
    expect(res.body).not.toMatch(/<video|\.mp4|\.m3u8|\.m4s|\/media\/t\/|exclusive\//);
    const thumbnail = new URL(
      (await db.selectFrom('videos').select('thumbnail').where('id', '=', exclusiveId).executeTakeFirstOrThrow()).thumbnail,
      `${PUBLIC}/media/`,
    );
    expect(urlsIn(res.body).sort()).toEqual([thumbnail.href, watchUrl(exclusiveId), watchUrl(exclusiveId)].sort());
  });

  it.each([
    ['a removed video', removed],
    ['a video still processing', () => finishedVideo({ status: 'processing' })],
    ['an unknown video', async () => MISSING],
    ['a malformed id', async () => 'not-an-id'],
  ])('answers %s with a 404 card: no title, no media, a link to the watch page', async (_name, id) => {
    const videoId = await id();
    const res = await get(`/embed/${videoId}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('This video is unavailable.');
    expect(urlsIn(res.body)).toEqual([watchUrl(videoId), watchUrl(videoId)]);
  });

  it('escapes a hostile title everywhere it is written (page, oEmbed iframe)', async () => {
    const hostile = `</title><script>alert("x")</script> & 'quoted' \u0001end`;
    const id = await finishedVideo({ title: hostile });
    const page = await get(`/embed/${id}`);
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('\u0001');
    expect(page.body).toContain('&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39; end');
    const { html, title } = (await oembed(watchUrl(id))).json();
    expect(title).toBe(hostile);
    expect(html).not.toContain('<script>');
    expect(html).toContain('title="&lt;/title&gt;&lt;script&gt;');
  });
});

describe('GET /sitemap.xml and /robots.txt', () => {
  it('lists public videos and their channels by absolute URL, never an exclusive, removed or unfinished video', async () => {
    const other = await createUser(db);
    const processing = await finishedVideo({ status: 'processing' }, other.id);
    const gone = await removed();
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.headers['cache-control']).toBe('public, max-age=3600');
    // Past its page size (2 here, 50,000 in production) /sitemap.xml is an index of pages.
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    const pages = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(pages[0]).toBe(`${PUBLIC}/sitemap.xml?page=1`);
    let urls: string[] = [];
    for (const page of pages) {
      const res = await get(new URL(page).pathname + new URL(page).search);
      expect(res.body).toMatch(/<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
      urls = urls.concat(
        [...res.body.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod><\/url>/g)].map(
          (m) => m[1]!,
        ),
      );
    }
    expect(urls).toContain(watchUrl(publicId));
    expect(urls).toContain(`${PUBLIC}/channel/${owner.id}`);
    for (const hidden of [exclusiveId, processing, gone]) expect(urls).not.toContain(watchUrl(hidden));
    // A channel with nothing public is no page worth listing.
    expect(urls).not.toContain(`${PUBLIC}/channel/${other.id}`);
    expect(new Set(urls).size).toBe(urls.length);
    expect((await get(`/sitemap.xml?page=${pages.length + 1}`)).statusCode).toBe(404);
    expect((await get('/sitemap.xml?page=zero')).statusCode).toBe(404);
  });

  it('is one urlset while it fits in a file', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'streamhub.local' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<urlset ');
    expect(res.body).toContain(`<loc>http://streamhub.local/video/watch/${publicId}</loc>`);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('refuses a Host that names no origin (400), when links would be built on it', async () => {
    for (const host of ['user@evil.test', 'evil.test/path', 'a b']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt', headers: { host } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json(), host).toEqual(errorEnvelope(400, 'Invalid Host header'));
    }
  });

  it('robots.txt keeps crawlers out of the API, staff and private pages and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const rule of ['Allow: /', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /media/t/', 'Disallow: /history']) {
      expect(lines).toContain(rule);
    }
    // Google's reading of a rule: a path prefix, `$` anchoring its end.
    const rules = lines.filter((l) => l.startsWith('Disallow: ')).map((l) => l.slice('Disallow: '.length));
    const disallowed = (path: string) => rules.some((r) => (r.endsWith('$') ? path === r.slice(0, -1) : path.startsWith(r)));
    const id = publicId;
    for (const open of [
      '/',
      '/home',
      `/video/watch/${id}`,
      `/channel/${id}`,
      `/videos/${id}`,
      `/embed/${id}`,
      `/playlist/p/${id}`,
      `/post/p/${id}`,
    ]) {
      expect(disallowed(open), open).toBe(false);
    }
    for (const closed of [
      '/api/users/me',
      '/admin/users',
      '/channel',
      '/channel/comments',
      '/history',
      `/video/edit/${id}`,
      '/post/new',
    ]) {
      expect(disallowed(closed), closed).toBe(true);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC}/sitemap.xml`);
  });
});
