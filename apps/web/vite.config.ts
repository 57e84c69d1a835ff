import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const backend = 'http://localhost:3000';

/** Heavy libraries get their own chunks so the initial bundle stays small and cacheable. */
function manualChunks(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (id.includes('/hls.js/')) return 'hls';
  if (/\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
  return undefined;
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': backend, '/media': backend },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: { output: { manualChunks } },
  },
});
