import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import {
  PSEUDO_LOCALE,
  type ChannelProfile,
  type CurrentUser,
  type Locale,
  type VideoListPage,
  type WatchVideo,
} from '@streamhub/contract';
import { QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from './i18n';
import { en } from './i18n/en';
import { fr } from './i18n/fr';
import { pseudoCatalogue } from './i18n/pseudo';
import { setFormatLocale } from './lib/formatters';
import { setLoaderEnv } from './app/loaders';
import { headTags, pageHead, type PageHead } from './app/page-head';
import { posterPreload, preloadHeaders, preloadTags, thumbnailPreload, watchPreloads, type Preload } from './app/page-preloads';
import { AppProviders } from './app/providers';
import { loadAllRoutes, loadMatchedRoutes, routes, type RouteHandle } from './app/router';
import { serverStateScript } from './app/server-state';
import { fetchMediaText, setApiTransport, type ApiTransport } from './lib/api-client';
import { decryptUserCookie, readCookie, ServerUserContext, serverUserOf, USER_COOKIE, type ServerUser } from './lib/auth';
import { setRenderedAt } from './lib/use-now';
import { GRID_CARD_SIZES } from './lib/thumbnails';
import { channelKeys, videoKeys, watchKeys } from './lib/query-keys';
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

// Each request's calls go through its own transport, its loaders fill its own query cache, and its
// relative times count from its own moment (the browser counts from the same while it hydrates),
// even while renders interleave.
type RequestScope = { fetch: ApiTransport; renderedAt: number; locale: Locale; client: QueryClient; user: CurrentUser | null };
const current = new AsyncLocalStorage<RequestScope>();
const scope = () => {
  const store = current.getStore();
  if (!store) throw new Error('No page request in progress');
  return store;
};
setRenderedAt(() => current.getStore()?.renderedAt ?? Date.now());
setFormatLocale(() => current.getStore()?.locale ?? 'en');
setLoaderEnv(() => scope());

/**
 * Every language's catalogue, in the server's bundle (the browser loads only its page's), as one
 * i18next instance per language shared by every render in it: an instance holds its language and
 * catalogues only (nothing of a request), and making one took about a millisecond a page.
 */
const TRANSLATORS: Record<Locale, i18n> = {
  en: createI18n('en', en),
  fr: createI18n('fr', fr),
  [PSEUDO_LOCALE]: createI18n(PSEUDO_LOCALE, pseudoCatalogue(en)),
};

/** The route tree's static handler, made once (matching and the routes' data are per request). */
let staticHandler: ReturnType<typeof createStaticHandler> | null = null;
setApiTransport((url, init) => {
  const send = current.getStore()?.fetch;
  if (!send) return Promise.reject(new Error('No request to send this call for'));
  // A render reads (a GET changes nothing): a call that would change something is the browser's.
  if (init.method && init.method !== 'GET') return Promise.reject(new Error(`${init.method} is not sent while rendering`));
  return send(url, init);
});

/** Loads every page's code, as the server starts: no first visitor of a page waits for its modules. */
export function warm(): Promise<void> {
  return loadAllRoutes();
}

export function render(request: PageRequest): Promise<RenderedPage> {
  const renderedAt = Date.now();
  const locale = request.locale ?? 'en';
  // The visitor as the browser's app will see them: the same cookie, decrypted the same way.
  const userCookie = readCookie(request.cookie, USER_COOKIE);
  const user = userCookie ? decryptUserCookie(userCookie) : null;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return current.run({ fetch: request.fetch, renderedAt, locale, client, user }, () =>
    renderPage(request, TRANSLATORS[locale], serverUserOf(userCookie, user)),
  );
}

/**
 * One pass: the static handler runs the matched routes' loaders in parallel (app/loaders.ts), then
 * React renders the page with their answers and streams it. The head (title, meta, preloads) and
 * the status are known before the first byte of the body.
 */
async function renderPage(request: PageRequest, i18n: i18n, serverUser: ServerUser | undefined): Promise<RenderedPage> {
  const { client, user, renderedAt } = scope();
  const url = new URL(request.url, request.origin);
  await loadMatchedRoutes(url.pathname);
  const handler = (staticHandler ??= createStaticHandler(routes));
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const head = pageHead({ context, client, origin: request.origin, t: i18n.getFixedT(i18n.language) });
  const preloads = await pagePreloads(context, client, request);
  const markup = await streamMarkup(
    <App client={client} user={user} i18n={i18n}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} nonce={request.nonce} />
    </App>,
    client,
    request.nonce,
  );
  return {
    kind: 'page',
    status: pageStatus(context, head),
    head: headTags(head) + preloadTags(preloads) + chunkPreloads(pageChunks(context, request.manifest)),
    preloads: preloadHeaders(preloads),
    state: serverStateScript(client, renderedAt, serverUser),
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

/**
 * What the page asks for first: /home's first thumbnail, a channel's avatar, the watch page's poster
 * and first media (app/page-preloads.ts).
 */
async function pagePreloads(context: StaticHandlerContext, client: QueryClient, request: PageRequest): Promise<Preload[]> {
  const last = context.matches[context.matches.length - 1];
  if (last?.route.path === '/channel' || last?.route.path === '/channel/:channelId') {
    // The avatar: the header's one image, and the page's largest paint above the videos.
    const channelId = last.params.channelId;
    const channel = client.getQueryData<ChannelProfile>(channelId ? channelKeys.detail(channelId) : channelKeys.own());
    return channel?.avatar ? [{ href: channel.avatar, as: 'image', highPriority: true }] : [];
  }
  if (last?.route.path === '/home') {
    // The first card's thumbnail (the For you shelf's when it shows, above the grid): the page's
    // largest paint, asked for before the HTML is read.
    const [[, list] = []] = client.getQueriesData<VideoListPage>({ queryKey: [...videoKeys.all, 'list'] });
    const shelf = client.getQueryData(getForYouQueryOptions(1).queryKey);
    return thumbnailPreload((shelf?.videos.length ? shelf : list)?.videos[0]?.thumbnail, GRID_CARD_SIZES);
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

/**
 * React's streaming render of the page, piped out once all of it is ready: every Suspense boundary
 * (a lazy component inside a page) is then in place in the markup, in order, so the browser never
 * holds a boundary's fallback and its content at once while React's inline script moves one into
 * the other (a page could show two players for a moment, and hydration could render one anew).
 * The loaders have loaded the page's data, so all is ready a few milliseconds after the shell; the
 * markup then flows as React writes it. A part that fails renders in the browser instead (React
 * falls back to client rendering there).
 */
function streamMarkup(element: ReactNode, client: QueryClient, nonce: string): Promise<PassThrough> {
  return new Promise((resolve, reject) => {
    const markup = new PassThrough();
    const stream = renderToPipeableStream(element, {
      nonce,
      // Every boundary in place, however large: React would otherwise send a large one after its
      // fallback, to be moved in by an inline script.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => {
        warnUnloaded(client);
        stream.pipe(markup);
        resolve(markup);
      },
      onShellError: reject,
      onError: (error) => console.error('Server render error', error),
    });
  });
}

/**
 * Names each query the page rendered without its answer: its route's loader should have asked for
 * it (app/loaders.ts), and the server's markup shows its loading state instead. Queries marked
 * `meta: { ssr: false }` are the browser's on purpose (page-reads.test.ts keeps this list empty).
 */
export const UNLOADED_WARNING = 'Rendered without its loader';

function warnUnloaded(client: QueryClient) {
  for (const query of client.getQueryCache().getAll()) {
    const options = query.options as { enabled?: unknown };
    if (query.state.status !== 'pending' || options.enabled === false || query.meta?.ssr === false) continue;
    console.warn(UNLOADED_WARNING, JSON.stringify(query.queryKey));
  }
}
