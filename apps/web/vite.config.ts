import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { inlineStylesheet, precompress } from './vite-plugins';

const backend = 'http://localhost:3000';

/** Heavy libraries get their own chunks so the initial bundle stays small and cacheable. */
function manualChunks(id: string): string | undefined {
  // Vite's helper for dynamic imports, which the entry imports: a chunk of its own, or the merge of
  // small chunks (below) puts it into some page's chunk, evaluated with the entry.
  if (id.includes('vite/preload-helper')) return 'preload-helper';
  if (!id.includes('node_modules')) return undefined;
  // hls.js with media-chrome's element for it: only a page that plays HLS through MSE loads them.
  if (/\/node_modules\/(hls\.js|hls-video-element|custom-media-element)\//.test(id)) return 'hls';
  // Renditions for the quality menu of the progressive file too, without hls.js.
  if (/\/node_modules\/media-tracks\//.test(id)) return 'media-tracks';
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (/\/node_modules\/react-router\//.test(id)) return 'router';
  return undefined;
}

type Node = { type: string; start: number; end: number };
type Declaration = Node & { declarations?: Array<Node & { init: Node | null }> };
type Statement = Node & { declaration?: Declaration | null };

/**
 * The contract builds its zod schemas at import time (`export const X = z.object(…)`), which a bundler
 * must assume has side effects, so importing one constant from it used to ship all of zod (~25 kB gzip).
 * Wrapping those top-level initialisers in pure IIFEs lets unused schemas, and zod with them, be dropped.
 */
function pureContractSchemas(): Plugin {
  return {
    name: 'streamhub:pure-contract-schemas',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('/packages/contract/src/')) return null;
      const program = this.parse(code) as unknown as { body: Statement[] };
      const inits: Node[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : (statement as Declaration);
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations ?? []) {
          if (init && (init.type === 'CallExpression' || init.type === 'MemberExpression')) inits.push(init);
        }
      }
      let out = code;
      for (const init of inits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => ${out.slice(init.start, init.end)})()${out.slice(init.end)}`;
      }
      return { code: out, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), pureContractSchemas(), inlineStylesheet(), precompress()],
  // `@/lib/…`, `@/components/…`: shared code is imported by alias, a feature's own files relatively.
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // hls-video-element imports the full hls.js; the light build has all we play (fMP4 HLS, ABR,
      // quality levels) without subtitles, alternate audio or DRM: a third less to parse.
      { find: /^hls\.js\/dist\/hls\.mjs$/, replacement: 'hls.js/dist/hls.light.mjs' },
    ],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': backend, '/media': backend },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server preloads a page's chunks with its HTML (entry-server.tsx).
    manifest: true,
    target: 'es2022',
    rollupOptions: {
      output: {
        manualChunks,
        // Chunks under 4 kB without side effects are merged into one loaded with them: the watch
        // page asks for 24 chunks instead of 43 (3% more bytes).
        experimentalMinChunkSize: 4_000,
      },
    },
    modulePreload: {
      // The player's media-chrome elements are imported one per task (features/watch/player-chrome.ts):
      // Vite's helper added a <link rel=modulepreload> for each one's dependencies, and inserting
      // them held the main thread longer (~55 ms unthrottled, ~225 ms on a phone's CPU) than the
      // fetches it saved. Their dependencies load with the modules themselves.
      resolveDependencies: (_file, deps, { hostId }) => (hostId.includes('player-chrome') ? [] : deps),
    },
  },
});
