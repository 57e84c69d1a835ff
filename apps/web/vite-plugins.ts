import { createHash } from 'node:crypto';
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
 * - the warm start: a few kB of classic script, loaded `async` before the app's modules, that on a
 *   watch page sends the watch call and fetches the first media while the app loads
 *   (features/watch/warm-start.ts). Built here with esbuild as one IIFE, since a module of the
 *   app's graph would wait for the app's own chunks;
 * - the list of the watch page's code (WATCH_CODE), so the warm start can preload it at once on a
 *   watch page instead of after the app's code has run and matched the route.
 */
export function firstPaint(): Plugin {
  let warmFile = '';
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
      const code = result.outputFiles[0]!.text;
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      warmFile = `assets/warm-start-${hash}.js`;
      this.emitFile({ type: 'asset', fileName: warmFile, source: code });
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
        const watchCode = {
          page: chunkFiles(bundle, WATCH_CODE.page),
          hls: chunkFiles(bundle, WATCH_CODE.hls),
        };
        return {
          html: inlined,
          tags: [
            // Before the warm start, which reads it as soon as it runs.
            {
              tag: 'script',
              attrs: { type: 'application/json', id: 'streamhub-watch-code' },
              children: JSON.stringify(watchCode),
              injectTo: 'head-prepend',
            },
            { tag: 'script', attrs: { src: `/${warmFile}`, async: true }, injectTo: 'head-prepend' },
          ],
        };
      },
    },
  };
}

/**
 * The modules a watch page loads once the app has matched its route, by source file: its layout,
 * the page and the player's controls; hls.js only where it plays the stream through MSE.
 */
const WATCH_CODE = {
  page: ['src/app/layouts/shell-layout.tsx', 'src/app/pages/video-watch-page.tsx', 'src/features/watch/player-chrome.ts'],
  hls: ['src/features/watch/hls-video.ts'],
};

/**
 * The built files of these source modules' chunks with every chunk they import, as URL paths;
 * without the entry chunk's own graph, which index.html loads anyway.
 */
function chunkFiles(bundle: Rollup.OutputBundle, sources: string[]): string[] {
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
