import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './errors.ts';

/**
 * Serves the built web app: hashed assets cached forever, index.html for every other
 * non-API path so client-side routes (and the not-found screen) work on reload.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // Wildcard: assets of a rebuild made while the server runs are found too.
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz copies of every text file (apps/web/vite-plugins.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/media/') || url.startsWith('/assets/')) {
      return sendError(reply, 404, 'Route not found');
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !hasBuild) {
      return sendError(reply, 404, hasBuild ? 'Route not found' : 'Web app not built: run `npm run build`');
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', distDir);
  });
}

/**
 * The Content-Security-Policy sources of the scripts index.html carries inline (the warm start,
 * apps/web/vite-plugins.ts): their hashes, so the policy allows those and no other inline script.
 * Read from the build the server serves; none when there is no build.
 */
export function inlineScriptSources(distDir: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  const sources: string[] = [];
  for (const [, attributes = '', code = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    // External files are covered by 'self'; data blocks (type="application/json") never run.
    if (/\bsrc=/i.test(attributes) || /\btype=["']?application\/json/i.test(attributes) || !code) continue;
    sources.push(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
  }
  return sources;
}
