import { z } from 'zod';
import { singleLineText } from './text.ts';

/** Blank query values (`?maxwidth=`) count as absent, as oEmbed consumers send them. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

/** The longest start time a link may carry (a day), so a typo cannot ask for a huge seek. */
export const MAX_START_SECONDS = 24 * 60 * 60;

/**
 * A `?t=` start time in whole seconds (`?t=83`; `83s` is read too, as links elsewhere write it),
 * or 0 when absent or unreadable: a shared link with a broken time still opens the video.
 */
export function startSeconds(value: string | null | undefined): number {
  const match = /^(\d{1,6})s?$/.exec(value?.trim() ?? '');
  return match ? Math.min(Number(match[1]), MAX_START_SECONDS) : 0;
}

/** GET /api/oembed (API.md §15): the watch URL, the largest player the consumer has room for, and the format. */
export const OEmbedQuery = z.object({
  url: singleLineText().max(2000),
  maxwidth: blankAsAbsent(z.coerce.number().int().min(1).max(10_000).optional()),
  maxheight: blankAsAbsent(z.coerce.number().int().min(1).max(10_000).optional()),
  /** Only `json` is served; `xml` answers 501, as oEmbed 1.0 asks; anything else is malformed (400). */
  format: z.enum(['json', 'xml']).optional(),
});
export type OEmbedQuery = z.infer<typeof OEmbedQuery>;

/** The bare oEmbed 1.0 video answer (not in the API envelope: consumers read this object). */
export const OEmbed = z.object({
  version: z.literal('1.0'),
  type: z.literal('video'),
  provider_name: z.string(),
  provider_url: z.string(),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  thumbnail_url: z.string(),
  thumbnail_width: z.number().int(),
  thumbnail_height: z.number().int(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type OEmbed = z.infer<typeof OEmbed>;

/** GET /embed/:videoId: where to start and whether to play at once (muted); unreadable values are ignored. */
export const EmbedQuery = z.object({
  t: z.string().max(20).optional().catch(undefined).transform(startSeconds),
  autoplay: z
    .string()
    .max(10)
    .optional()
    .catch(undefined)
    .transform((v) => v === '1' || v === 'true'),
});
export type EmbedQuery = z.infer<typeof EmbedQuery>;

/**
 * Text put into HTML or XML by hand (the embed page, the oEmbed iframe, the sitemap): the five
 * characters that could end a text or an attribute are escaped, and control characters are
 * dropped (XML 1.0 forbids most of them, and none means anything on a page). Titles are users'
 * text: a `<script>` in one stays text.
 */
// eslint-disable-next-line no-control-regex -- dropping control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeMarkup(text: string): string {
  return text.replace(CONTROL, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** The player size an oEmbed answer offers when the consumer names no limit (16:9). */
export const DEFAULT_PLAYER = { width: 640, height: 360 } as const;

/** The iframe an oEmbed consumer (or the Share dialog's embed code) puts in its page. */
export function embedIframe(src: string, size: { width: number; height: number }, title: string): string {
  return (
    `<iframe src="${escapeMarkup(src)}" width="${size.width}" height="${size.height}" title="${escapeMarkup(title)}" ` +
    'frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>'
  );
}
