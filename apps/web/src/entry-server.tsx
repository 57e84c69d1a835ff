import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough, Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import type { CurrentUser, VideoListPage, WatchVideo } from '@streamhub/contract';
import { QueryClient } from '@tanstack/react-query';
import { headTags, loadHeadData, pageHead, type PageHead } from './app/page-head';
import { posterPreload, preloadHeaders, preloadTags, watchPreloads, type Preload } from './app/page-preloads';
import { AppProviders } from './app/providers';
import { loadMatchedRoutes, routes, type RouteHandle } from './app/router';
import { serverStateScript } from './app/server-state';
import { CHUNKS_META } from './app-code';
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
  /** Sends a GET of the API (or media) through the server itself, as this visitor; a POST for `recordVisits` only. */
  fetch: ApiTransport;
  /** The browser build's manifest (dist/.vite/manifest.json): which chunks hold a page's code. */
  manifest: ClientManifest;
  /** Someone is opening the page (a GET, no prefetch): it records the visit (`recordVisits`). */
  opened: boolean;
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
const current = new AsyncLocalStorage<{ fetch: ApiTransport; renderedAt: number }>();
setRenderedAt(() => current.getStore()?.renderedAt ?? Date.now());
setApiTransport((url, init) => {
  const send = current.getStore()?.fetch;
  if (!send) return Promise.reject(new Error('No request to send this call for'));
  // A render reads; the one change it makes, the visit it records, is sent apart (recordVisits).
  if (init.method && init.method !== 'GET') return Promise.reject(new Error(`${init.method} is not sent while rendering`));
  return send(url, init);
});

/** Passes over a page whose calls keep leading to new ones (a call that needs another's answer). */
const MAX_DATA_PASSES = 3;

export function render(request: PageRequest): Promise<RenderedPage> {
  const renderedAt = Date.now();
  return current.run({ fetch: request.fetch, renderedAt }, () => renderPage(request, renderedAt));
}

async function renderPage(request: PageRequest, renderedAt: number): Promise<RenderedPage> {
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
  const visits = visitsOf(client);
  const page = () => (
    <App client={client} user={user}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </App>
  );
  // Each pass renders the page and then asks for what it wanted; the next renders with the answers.
  // A pass that wanted nothing new is the page's markup.
  let rendered: Rendered | null = null;
  for (let pass = 0; pass < MAX_DATA_PASSES && !rendered; pass++) {
    const result = await renderToChunks(page());
    if (!(await fetchWanted(client))) rendered = result;
  }
  const last = context.matches[context.matches.length - 1];
  const known = client.getQueryCache().getAll().length;
  await loadHeadData(client, last?.route.path ?? '', last?.params ?? {});
  // The head's call brought an answer the page may show too: rendered again with it.
  if (client.getQueryCache().getAll().length !== known) rendered = null;
  const head = pageHead({ context, client, origin: request.origin });
  const [preloads] = await Promise.all([pagePreloads(context, client, request), recordVisits(visits, request)]);
  rendered ??= await renderToChunks(page());
  // A part that failed renders in the browser instead (React falls back to client rendering there).
  for (const error of rendered.errors) console.error('Server render error', error);
  const markup = new PassThrough();
  markup.end(Buffer.concat(rendered.chunks));
  return {
    kind: 'page',
    status: pageStatus(context, head),
    head: headTags(head) + preloadTags(preloads) + chunksMeta(pageChunks(context, request.manifest)),
    preloads: preloadHeaders(preloads),
    state: serverStateScript(client, renderedAt, serverUserOf(userCookie, user)),
    markup,
  };
}

function App({ client, user, children }: { client: QueryClient; user: CurrentUser | null; children: ReactNode }) {
  return (
    <StrictMode>
      <ServerUserContext value={user}>
        <AppProviders client={client}>{children}</AppProviders>
      </ServerUserContext>
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
 * The chunks the entry imports (React's, the router's and the app's: main.tsx) and those of the
 * page's routes (its layout's and its own, with what they import): the browser fetches them with
 * the entry instead of after it has run, and hydration does not wait for a second round trip.
 * Named for the page's first script, which asks for them after the largest paint (load-app-code.ts).
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
  for (const chunk of Object.values(manifest)) if (chunk.isEntry) chunk.dynamicImports?.forEach(visit);
  for (const match of context.matches) {
    const source = (match.route.handle as RouteHandle | undefined)?.source;
    const key = source && keyOf(source);
    if (key) visit(key);
  }
  return [...files].map((file) => `/${file}`);
}

const chunksMeta = (files: string[]) => (files.length ? `<meta name="${CHUNKS_META}" content="${files.join(' ')}">` : '');

/** The visits the render's queries name (`recordVisits`), noted as they are added. */
function visitsOf(client: QueryClient): Set<string> {
  // Not read from the cache afterwards: such a query is garbage once the render is done with it (gcTime 0).
  const visits = new Set<string>();
  client.getQueryCache().subscribe((event) => {
    const url = event.type === 'added' ? event.query.meta?.visit : undefined;
    if (typeof url === 'string') visits.add(url);
  });
  return visits;
}

/**
 * The one change a render makes: the visit the page records (`meta: { visit: url }`, the watch
 * page's history entry), made as the page is rendered for someone opening it. The browser's app
 * makes the same call once it has the page (answered null then: already recorded today), but its
 * code comes after the page's largest paint (load-app-code.ts): a visitor who clicked on at once
 * lost the entry, and the next page, rendered before it was made, did not know it.
 */
async function recordVisits(visits: Set<string>, request: PageRequest): Promise<void> {
  if (!request.opened) return;
  // A failure is the browser's to show (its own call fails the same way).
  await Promise.all([...visits].map((url) => request.fetch(url, { method: 'POST' }).catch(() => undefined)));
}

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
function renderToChunks(element: ReactNode): Promise<Rendered> {
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
      // Every boundary in place, however large: React would otherwise send a large one after its
      // fallback, to be moved in by an inline script.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => void errors.push(error),
    });
  });
}
