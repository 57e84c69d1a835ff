import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The stylesheet inlined into index.html (one small file for the whole app): the server-rendered
 * page paints without waiting for a second request.
 */
export function inlineStylesheet(): Plugin {
  return {
    name: 'streamhub:inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
        });
      },
    },
  };
}

/**
 * The app's code is not asked for by index.html itself: its entry script (and any chunk Vite
 * would preload for it) becomes a `<meta name="streamhub-entry">` naming them, which the page's
 * first script reads to ask for them once the page's largest content has painted
 * (src/load-app-code.ts). The page is rendered on the server: nothing on screen waits for them.
 */
export function codeAfterLargestPaint(entryMeta: string): Plugin {
  return {
    name: 'streamhub:code-after-largest-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const files: string[] = [];
        const rest = html
          .replace(/\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g, (_tag, src: string) => {
            files.unshift(src);
            return '';
          })
          .replace(/\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g, (_tag, href: string) => {
            files.push(href);
            return '';
          });
        if (files.length === 0) throw new Error('index.html names no module script');
        return rest.replace('</head>', `  <meta name="${entryMeta}" content="${files.join(' ')}">\n  </head>`);
      },
    },
  };
}

/**
 * `file` (src/first-script.ts) bundled on its own by esbuild into one classic script and written
 * inline at the top of index.html's head, so it runs before any of the body is parsed and needs
 * no request. The Content-Security-Policy allows no inline script but this one, by its hash
 * (apps/server, plugins/web-app.ts `inlineScriptHashes`).
 */
export function inlineEarlyScript(file: string): Plugin {
  return {
    name: 'streamhub:inline-early-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const { build } = await import('esbuild');
        const result = await build({
          entryPoints: [file],
          bundle: true,
          format: 'iife',
          minify: true,
          target: 'es2022',
          write: false,
          legalComments: 'none',
        });
        const code = result.outputFiles[0]!.text.trim();
        if (code.includes('</script')) throw new Error(`${file} cannot be inlined: it holds </script`);
        return html.replace('<head>', `<head>\n    <script>${code}</script>`);
      },
    },
  };
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
    // The browser's bundle only: the server's (`--ssr`) is read from disk by node.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
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
