import { z } from 'zod';
import { singleLineText } from './text.ts';

/** Longest language tag accepted (BCP 47 tags in use are far shorter; RFC 5646 §4.4.1 suggests 35). */
const MAX_TAG_LENGTH = 35;

/**
 * A caption track's language: a BCP 47 tag, checked and put in canonical form by the platform's
 * own Intl (`en-us` → `en-US`); a tag Intl refuses is malformed input. Letters, digits and hyphens
 * only, so the tag can name the track's files.
 */
export const CaptionLanguage = singleLineText({ message: 'Language is required' })
  .trim()
  .min(1, 'Language is required')
  .max(MAX_TAG_LENGTH, 'Language must be a BCP 47 tag such as en or pt-BR')
  .transform((tag, ctx) => {
    let canonical: string | undefined;
    try {
      canonical = Intl.getCanonicalLocales(tag)[0];
    } catch {
      canonical = undefined;
    }
    if (!canonical || !/^[A-Za-z0-9-]+$/.test(canonical) || canonical.length > MAX_TAG_LENGTH) {
      ctx.addIssue({ code: 'custom', message: 'Language must be a BCP 47 tag such as en or pt-BR' });
      return z.NEVER;
    }
    return canonical;
  });

/** The name players show for a language ("English", "Portuguese (Brazil)"), in English; the tag itself when unknown. */
export function languageLabel(language: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

/** Text fields of POST /api/video/v/:videoId/captions (the file part is `file`). */
export const UploadCaptionFields = z.object({
  language: CaptionLanguage,
  label: singleLineText().trim().max(100, 'Label cannot be longer than 100 characters').optional(),
});
export type UploadCaptionFields = z.infer<typeof UploadCaptionFields>;

/** One caption track of a video, as the watch call lists them (API.md §16). */
export const Caption = z.object({
  language: z.string(),
  label: z.string(),
  /** The whole track as one WebVTT file (for an exclusive video, behind the same token as its other media). */
  url: z.string(),
});
export type Caption = z.infer<typeof Caption>;

/** The answer of a caption upload: the track as stored (its URL comes with the watch call). */
export const SavedCaption = Caption.pick({ language: true, label: true });
export type SavedCaption = z.infer<typeof SavedCaption>;

/** A video's track as its owner's edit page lists it (`GET /api/video/v/:videoId/captions`): `auto` when transcribed. */
export const OwnCaption = SavedCaption.extend({ auto: z.boolean() });
export type OwnCaption = z.infer<typeof OwnCaption>;
