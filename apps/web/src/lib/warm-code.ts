import { afterFirstPaint } from './first-paint';

/**
 * The code of the pages visitors open first, preloaded by the warm start while the app's own code
 * loads, instead of once it has run and matched the route. The build lists the files in index.html
 * (`streamhub-route-code`, apps/web/vite-plugins.ts).
 */

export type RouteCode = {
  /** Per page: its route path (`:name` for a segment) and the files it loads beyond the entry's. */
  routes: Array<{ path: string; files: string[] }>;
  /** hls.js and media-chrome's element for it: only where the stream plays through MSE. */
  hls: string[];
};

function readRouteCode(): RouteCode {
  try {
    const code = JSON.parse(document.getElementById('streamhub-route-code')?.textContent ?? '{}') as Partial<RouteCode>;
    return { routes: code.routes ?? [], hls: code.hls ?? [] };
  } catch {
    return { routes: [], hls: [] };
  }
}

/** Whether `pathname` is the route `path` (`/video/watch/:videoId`; a trailing slash allowed). */
export function matchesRoute(path: string, pathname: string): boolean {
  const pattern = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`).test(pathname);
}

/** The files of the route `pathname` is on, if the build listed it. */
export function routeFiles(code: RouteCode, pathname: string): string[] {
  return code.routes.find((route) => matchesRoute(route.path, pathname))?.files ?? [];
}

/**
 * Preloads the code of the page at `pathname`, if the build listed it; hls.js first when asked.
 * The preloads start once the page has painted its first content: on a slow connection the HTML's
 * own first paint (the poster, the first cards) then does not share the line with ~300 kB of
 * script, and a paint observed before them is one that does not wait for them.
 */
export function preloadPageCode(pathname: string, withHls = false): void {
  const code = readRouteCode();
  const files = [...(withHls ? code.hls : []), ...routeFiles(code, pathname)];
  if (files.length) afterFirstPaint(() => preloadModules(files));
}

/**
 * Adds a modulepreload link per file, all at once (spread over tasks, the last ones waited behind
 * the app's own code). Vite's loader finds them later and adds none of its own.
 */
function preloadModules(files: string[]): void {
  for (const href of files) {
    if (document.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
