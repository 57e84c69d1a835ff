import { escapeMarkup as e } from '@streamhub/contract';

/** The sitemap protocol's limit of URLs in one file; more make `/sitemap.xml` an index of pages. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  loc: string;
  lastmod: Date;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const lastmod = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** One sitemap file: up to SITEMAP_MAX_URLS pages with when each last changed. */
export function renderUrlset(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((u) => `<url><loc>${e(u.loc)}</loc><lastmod>${lastmod(u.lastmod)}</lastmod></url>\n`);
  return `${XML_HEAD}<urlset ${NS}>\n${urls.join('')}</urlset>\n`;
}

/** The index `/sitemap.xml` becomes past SITEMAP_MAX_URLS: one entry per page file. */
export function renderSitemapIndex(pageUrls: readonly string[]): string {
  const items = pageUrls.map((loc) => `<sitemap><loc>${e(loc)}</loc></sitemap>\n`);
  return `${XML_HEAD}<sitemapindex ${NS}>\n${items.join('')}</sitemapindex>\n`;
}

/**
 * Pages crawlers may skip: the API, staff pages, exclusive media, and the web app's pages that
 * show the signed-in user's own things (their channel, library, uploads, settings). Public pages
 * (sign-in, /home, watch, channels, posts, playlists, embeds) stay open.
 */
const DISALLOWED = [
  '/api/',
  '/admin',
  '/media/t/',
  '/channel$',
  '/channel/comments',
  '/videos$',
  '/video/new',
  '/video/edit/',
  '/video/buy/',
  '/playlist$',
  '/post$',
  '/post/new',
  '/post/edit/',
  '/subscriptions',
  '/subscribers',
  '/liked',
  '/history',
  '/purchases',
  '/reports',
];

/** `/robots.txt` (API.md §15): everything public is open and the sitemap is named by its absolute URL. */
export function renderRobots(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );
}
