import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough, Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { PSEUDO_LOCALE, type CurrentUser, type Locale, type VideoListPage, type WatchVideo } from '@streamhub/contract';
import { QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createI18n, type Catalogue } from './i18n';
import { en } from './i18n/en';
import { fr } from './i18n/fr';
import { pseudoCatalogue } from './i18n/pseudo';
import { setFormatLocale } from './lib/formatters';
import { loadPageData } from './app/page-data';
import { headTags, pageHead, type PageHead } from './app/page-head';
import { posterPreload, preloadHeaders, preloadTags, watchPreloads, type Preload } from './app/page-preloads';
import { AppProviders } from './app/providers';
import { loadMatchedRoutes, routes, SHELL_SOURCE, type RouteHandle } from './app/router';
import { serverStateScript } from './app/server-state';
import { fetchMediaText, setApiTransport, type ApiTransport } from './lib/api-client';
import { decryptUserCookie, readCookie, ServerUserContext, serverUserOf, USER_COOKIE } from './lib/auth';
import { setRenderedAt } from './lib/use-now';
import { videoKeys, watchKeys } from './lib/query-keys';
import { getForYouQueryOptions } from './features/recommendations/api/get-for-you';
import { getProgressiveSourcesQueryOptions } from './features/watch/api/get-progressive-sources';

/**
 * The server's half of the web app (built by `vite build --ssr`, loaded by apps/server's web-app
 * plugin): renders a page's real content with the data it shows, for the first bytes to carry it,
 * and hands that data over for the browser's hydration (main.tsx).
 */

export type PageRequest = {
  /** Path and query of the page asked for. */
  url: string;
  /** Origin of absolute links (canonical, og:*): PUBLIC_URL, else the request's own. */
  origin: string;
  /** The request's Cookie header: the app's calls are made as this visitor. */
  cookie: string;
  /** Sends a GET of the API (or media) through the server itself, as this visitor. */
  fetch: ApiTransport;
  /** The browser build's manifest (dist/.vite/manifest.json): which chunks hold a page's code. */
  manifest: ClientManifest;
  /** This response's Content-Security-Policy nonce: React's inline scripts (form replaying) carry it. */
  nonce: string;
  /** The page's language (API.md §21: cookie, Accept-Language, DEFAULT_LOCALE), chosen by the server; English when absent. */
  locale?: Locale;
};

export type ClientManifest = Record<
  string,
  { file: string; name?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

export type RenderedPage =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The head's tags (title, meta, links): the server puts them into index.html's <head>. */
      head: string;
      /** `Link` header values: what the browser may fetch before it has read the HTML. */
      preloads: string[];
      /** The `<script type="application/json">` with the loaded data, to follow the markup. */
      state: string;
      /** Streams the page's markup (the content of `#root`). */
      markup: PassThrough;
    };

// Each request's calls go through its own transport, and its relative times count from its own
// moment (the browser counts from the same while it hydrates), even while renders interleave.
const current = new AsyncLocalStorage<{ fetch: ApiTransport; renderedAt: number; locale: Locale }>();
setRenderedAt(() => current.getStore()?.renderedAt ?? Date.now());
setFormatLocale(() => current.getStore()?.locale ?? 'en');

/** Every language's catalogue, in the server's bundle (the browser loads only its page's). */
const CATALOGUES: Record<Locale, Catalogue> = { en, fr, [PSEUDO_LOCALE]: pseudoCatalogue(en) };
setApiTransport((url, init) => {
  const send = current.getStore()?.fetch;
  if (!send) return Promise.reject(new Error('No request to send this call for'));
  // A render reads (a GET changes nothing): a call that would change something is the browser's.
  if (init.method && init.method !== 'GET') return Promise.reject(new Error(`${init.method} is not sent while rendering`));
  return send(url, init);
});

/** Passes over a page whose calls keep leading to new ones (a call that needs another's answer). */
const MAX_DATA_PASSES = 3;

export function render(request: PageRequest): Promise<RenderedPage> {
  const renderedAt = Date.now();
  const locale = request.locale ?? 'en';
  return current.run({ fetch: request.fetch, renderedAt, locale }, () =>
    renderPage(request, renderedAt, createI18n(locale, CATALOGUES[locale])),
  );
}

async function renderPage(request: PageRequest, renderedAt: number, i18n: i18n): Promise<RenderedPage> {
  const url = new URL(request.url, request.origin);
  await loadMatchedRoutes(url.pathname);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  // The visitor as the browser's app will see them: the same cookie, decrypted the same way.
  const userCookie = readCookie(request.cookie, USER_COOKIE);
  const user = userCookie ? decryptUserCookie(userCookie) : null;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const page = () => (
    <App client={client} user={user} i18n={i18n}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </App>
  );
  const last = context.matches[context.matches.length - 1];
  const inShell = context.matches.some((match) => (match.route.handle as RouteHandle | undefined)?.source === SHELL_SOURCE);
  await loadPageData(client, last?.route.path ?? '', last?.params ?? {}, { inShell, signedIn: user !== null });
  // Each pass renders the page and then asks for what it wanted; the next renders with the answers.
  // A pass that wanted nothing new is the page's markup.
  let rendered: Rendered | null = null;
  for (let pass = 0; pass < MAX_DATA_PASSES && !rendered; pass++) {
    const result = await renderToChunks(page(), request.nonce);
    if (!(await fetchWanted(client))) rendered = result;
  }
  const head = pageHead({ context, client, origin: request.origin });
  const preloads = await pagePreloads(context, client, request);
  rendered ??= await renderToChunks(page(), request.nonce);
  // A part that failed renders in the browser instead (React falls back to client rendering there).
  for (const error of rendered.errors) console.error('Server render error', error);
  const markup = new PassThrough();
  markup.end(Buffer.concat(rendered.chunks));
  return {
    kind: 'page',
    status: pageStatus(context, head),
    head: headTags(head) + preloadTags(preloads) + chunkPreloads(pageChunks(context, request.manifest)),
    preloads: preloadHeaders(preloads),
    state: serverStateScript(client, renderedAt, serverUserOf(userCookie, user)),
    markup,
  };
}

function App({
  client,
  user,
  i18n,
  children,
}: {
  client: QueryClient;
  user: CurrentUser | null;
  i18n: i18n;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ServerUserContext value={user}>
          <AppProviders client={client}>{children}</AppProviders>
        </ServerUserContext>
      </I18nextProvider>
    </StrictMode>
  );
}

/**
 * Fetches every query a render wanted and has no answer for (the server never runs effects, so
 * nothing fetched itself); false when there was none. Queries marked `meta: { ssr: false }` wait
 * for the browser.
 */
async function fetchWanted(client: QueryClient): Promise<boolean> {
  const wanted = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle')
    .filter((query) => (query.options as { enabled?: unknown }).enabled !== false && query.meta?.ssr !== false);
  // A failure stays in the cache as the query's error: the page shows it as the browser would.
  await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
  return wanted.length > 0;
}

/**
 * The chunks of the page's routes (its layout's and its own, with what they import; the entry's
 * own imports are index.html's): the browser fetches them with the entry instead of after it has
 * run, and hydration does not wait for a second round trip.
 */
function pageChunks(context: StaticHandlerContext, manifest: ClientManifest): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  // A module other chunks import too is a shared chunk, listed by its chunk name, not its source.
  const keyOf = (source: string) => {
    if (manifest[source]) return source;
    const name = source.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
    return Object.keys(manifest).find((key) => manifest[key]?.name === name);
  };
  // The entry's own imports are index.html's preloads already.
  const seen = new Set<string>();
  const entryImports = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (!chunk.isEntry) files.add(chunk.file);
    chunk.imports?.forEach(entryImports);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) entryImports(key);
  const preloaded = new Set(files);
  for (const match of context.matches) {
    const source = (match.route.handle as RouteHandle | undefined)?.source;
    const key = source && keyOf(source);
    if (key) visit(key);
  }
  return [...files].filter((file) => !preloaded.has(file)).map((file) => `/${file}`);
}

/** Low priority: the page's largest image (preloaded at high priority) comes first. */
const chunkPreloads = (files: string[]) =>
  files.map((file) => `<link rel="modulepreload" href="${file}" fetchpriority="low">`).join('');

/** What the page asks for first: /home's first thumbnail, the watch page's poster and first media (app/page-preloads.ts). */
async function pagePreloads(context: StaticHandlerContext, client: QueryClient, request: PageRequest): Promise<Preload[]> {
  const last = context.matches[context.matches.length - 1];
  if (last?.route.path === '/home') {
    // The first card's thumbnail (the For you shelf's when it shows, above the grid): the page's
    // largest paint, asked for before the HTML is read.
    const [[, list] = []] = client.getQueriesData<VideoListPage>({ queryKey: [...videoKeys.all, 'list'] });
    const shelf = client.getQueryData(getForYouQueryOptions(1).queryKey);
    const first = (shelf?.videos.length ? shelf : list)?.videos[0]?.thumbnail;
    return first ? [{ href: first, as: 'image', highPriority: true }] : [];
  }
  const videoId = last?.route.path === '/video/watch/:videoId' ? last.params.videoId : undefined;
  const video = videoId ? client.getQueryData<WatchVideo>(watchKeys.video(videoId)) : undefined;
  if (!video) return [];
  // The page's <video> names its rung files itself: the browser asks for the one it plays as it
  // reads the HTML, and nothing else competes with it and the poster.
  const sources = video.hlsUrl ? client.getQueryData(getProgressiveSourcesQueryOptions(video.hlsUrl).queryKey) : undefined;
  if (sources?.length) return posterPreload(video);
  // Media on another origin (a CDN) are left to the browser; ours are read through the app.
  const fetchText = (url: string) => (url.startsWith('/') ? fetchMediaText(url) : Promise.resolve(null));
  return watchPreloads(video, request.origin, fetchText);
}

/** The HTTP status of the page: 404 for the not-found screen, 404 or 410 for a page whose subject is missing or removed. */
function pageStatus(context: StaticHandlerContext, head: PageHead): number {
  if (head.status) return head.status;
  const last = context.matches[context.matches.length - 1];
  return last?.route.path === '*' ? 404 : context.statusCode;
}

/** A render's markup, and what failed in it. */
type Rendered = { chunks: Buffer[]; errors: unknown[] };

/**
 * React's streaming render of the page, collected once all of it is ready: the markup then has
 * every Suspense boundary filled in place, without the inline scripts that stream late content
 * (the Content-Security-Policy allows none but the page's first). The data is all loaded by
 * then, so little waits.
 */
function renderToChunks(element: ReactNode, nonce: string): Promise<Rendered> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const errors: unknown[] = [];
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        chunks.push(chunk);
        done();
      },
    });
    sink.on('finish', () => resolve({ chunks, errors }));
    const stream = renderToPipeableStream(element, {
      nonce,
      // Every boundary in place, however large: React would otherwise send a large one after its
      // fallback, to be moved in by an inline script.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => void errors.push(error),
    });
  });
}
