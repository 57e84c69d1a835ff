import type { FastifyInstance } from 'fastify';

/** Response fields that hold a storage key in the services' answers and a URL on the wire. */
const MEDIA_FIELDS = new Set(['avatar', 'thumbnail']);

/**
 * The one place public media URLs are built: services answer with the storage keys their rows
 * hold (`avatars/…`, `thumbnails/…`), and every `avatar` and `thumbnail` field of a response (at
 * any depth: cards, owners, posters) becomes its URL as the response is made, from the storage
 * driver and MEDIA_PUBLIC_BASE_URL. An empty key (a deleted video in a purchase history) stays
 * empty. Services' objects are copied, never changed, so nothing cached turns into a URL.
 */
export function withMediaUrls(value: unknown, publicUrl: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => withMediaUrls(item, publicUrl));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    out[name] = MEDIA_FIELDS.has(name) && typeof field === 'string' ? field && publicUrl(field) : withMediaUrls(field, publicUrl);
  }
  return out;
}

export function registerMediaUrls(app: FastifyInstance, publicUrl: (key: string) => string) {
  app.addHook('preSerialization', async (_request, _reply, payload) => withMediaUrls(payload, publicUrl));
}
