import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import type { Plugin, Rollup } from 'vite';

const WARM_START_ENTRY = fileURLToPath(new URL('./src/app/warm-start-entry.ts', import.meta.url));
const SRC = fileURLToPath(new URL('./src', import.meta.url));

/**
 * What the first paint needs, in index.html itself:
 * - the stylesheet inlined (one small file for the whole app), so nothing blocks rendering;
 * - the warm start: a few kB of classic script, inline before the app's modules, that preloads
 *   the opened page's code and sends its first calls while the app loads (app/warm-start-entry.ts;
 *   on a watch page the watch call and the first media). Built here with esbuild as one IIFE,
 *   since a module of the app's graph would wait for the app's own chunks;
 * - the code of the pages visitors open first (ROUTE_CODE), so the warm start can preload it at once
 *   instead of after the app's code has run and matched the route (src/lib/warm-code.ts).
 */
export function firstPaint(): Plugin {
  let warmCode = '';
  return {
    name: 'streamhub:first-paint',
    async buildStart() {
      if (this.meta.watchMode) return;
      const result = await esbuild({
        entryPoints: [WARM_START_ENTRY],
        bundle: true,
        write: false,
        format: 'iife',
        minify: true,
        target: 'es2022',
        alias: { '@': SRC },
        legalComments: 'none',
      });
      // Inline in a <script>: nothing in it may close the element early.
      warmCode = result.outputFiles[0]!.text.trim().replace(/<\/(script)/gi, '<\\/$1');
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) {
          // Dev server: the same code as a module.
          return [{ tag: 'script', attrs: { type: 'module', src: '/src/app/warm-start-entry.ts' }, injectTo: 'head-prepend' }];
        }
        const bundle = ctx.bundle;
        const inlined = html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
        });
        const routeCode = {
          routes: ROUTE_CODE.routes.map(({ path, sources, withTheirImports = [] }) => ({
            path,
            files: [...new Set([...chunkFiles(bundle, sources), ...chunkFiles(bundle, withTheirImports, { dynamic: true })])],
          })),
          hls: chunkFiles(bundle, ROUTE_CODE.hls),
        };
        // First in <head> after the meta tags and title, before the app's module script and
        // preloads: a module the browser has cached is compiled as its tag is parsed (~30 ms for
        // React's chunk), which held the warm start's first request back that long.
        const warmStart =
          // The route list first: the warm start reads it as soon as it runs.
          `<script type="application/json" id="streamhub-route-code">${JSON.stringify(routeCode).replace(/</g, '\\u003c')}</script>` +
          // Inline, so it runs while the HTML is parsed (a file of its own ran ~100 ms later,
          // once the app's modules had been compiled). The server allows it by its hash
          // (apps/server/src/plugins/web-app.ts).
          `<script>${warmCode}</script>`;
        const at = inlined.search(/<script type="module"/);
        if (at < 0) throw new Error('streamhub:first-paint: index.html has no module script');
        return inlined.slice(0, at) + warmStart + inlined.slice(at);
      },
    },
  };
}

/**
 * The pages visitors open first, by route path (as in src/app/routes.tsx) and source file: the
 * modules each loads once the app has matched its route (the signed-in shell, the page, the
 * watch page's player controls); hls.js only where the stream plays through MSE.
 */
const SHELL = 'src/app/layouts/shell-layout.tsx';
const ROUTE_CODE: { routes: Array<{ path: string; sources: string[]; withTheirImports?: string[] }>; hls: string[] } = {
  routes: [
    { path: '/home', sources: [SHELL, 'src/app/pages/home-page.tsx'] },
    {
      path: '/video/watch/:videoId',
      sources: [SHELL, 'src/app/pages/video-watch-page.tsx'],
      // It imports media-chrome's elements one at a time: those modules too.
      withTheirImports: ['src/features/watch/player-chrome.ts'],
    },
  ],
  hls: ['src/features/watch/hls-video.ts'],
};

/**
 * The built files of these source modules' chunks with every chunk they import (`dynamic`: their
 * `import()`s too), as URL paths; without the entry chunk's own graph, which index.html loads anyway.
 */
function chunkFiles(bundle: Rollup.OutputBundle, sources: string[], opts: { dynamic?: boolean } = {}): string[] {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const loaded = new Set<string>();
  const visit = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    for (const next of byName.get(fileName)?.imports ?? []) visit(next, into);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName, loaded);
  const files = new Set<string>();
  for (const source of sources) {
    // The chunk holding the module (a shared chunk when other chunks import it too).
    const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(`/${source}`)));
    if (!chunk) throw new Error(`streamhub:first-paint: no chunk holds ${source}`);
    visit(chunk.fileName, files);
    if (opts.dynamic) for (const next of chunk.dynamicImports) visit(next, files);
  }
  return [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text files worth compressing; images and media are compressed already. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, once, at
 * the highest levels; the server sends them to browsers that accept them (@fastify/static's
 * `preCompressed`), so no request pays for compression. On a phone's connection this is most of
 * the first paint: the app's code shrinks to about a third.
 */
export function precompress(): Plugin {
  return {
    name: 'streamhub:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const full = path.join(dir, file);
            const data = await fs.readFile(full);
            if (data.length < 1024) return;
            const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length };
            await fs.writeFile(`${full}.br`, await brotli(data, { params }));
            await fs.writeFile(`${full}.gz`, await gzip(data, { level: 9 }));
          }),
      );
    },
  };
}
