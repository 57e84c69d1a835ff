import { z } from 'zod';
import { startSeconds } from './share-markup.ts';
import { singleLineText } from './text.ts';

/** Blank query values (`?maxwidth=`) count as absent, as oEmbed consumers send them. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

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
