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
