import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import type { Plugin } from 'vite';

const WARM_START_ENTRY = fileURLToPath(new URL('./src/app/warm-start-entry.ts', import.meta.url));
const SRC = fileURLToPath(new URL('./src', import.meta.url));

/**
 * What the first paint needs, in index.html itself:
 * - the stylesheet inlined (one small file for the whole app), so nothing blocks rendering;
 * - the warm start: a few kB of classic script, loaded `async` before the app's modules, that on a
 *   watch page sends the watch call and fetches the first media while the app loads
 *   (features/watch/warm-start.ts). Built here with esbuild as one IIFE, since a module of the
 *   app's graph would wait for the app's own chunks.
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
        return {
          html: inlined,
          tags: [{ tag: 'script', attrs: { src: `/${warmFile}`, async: true }, injectTo: 'head-prepend' }],
        };
      },
    },
  };
}
