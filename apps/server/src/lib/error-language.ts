import type { FastifyRequest } from 'fastify';
import { LANG_COOKIE, pageLocale, type Locale } from '@streamhub/contract';
import { FR_ERROR_TEXTS } from './error-texts-fr.ts';

/**
 * The server's error texts in the reader's language (docs/languages.md, "The server's error
 * texts"). Services throw in English, the API's own language (API.md quotes its texts); the one
 * place that writes the error envelope (plugins/errors.ts) turns the text into the request's
 * language, chosen as a page's is: the `lang` cookie, else Accept-Language, else DEFAULT_LOCALE.
 * A text with no translation stays English.
 */

/** Each non-English language's catalogue: the English text (or template) → its translation. */
const CATALOGUES: Partial<Record<Locale, Record<string, string>>> = { fr: FR_ERROR_TEXTS };

/** Where a text carries values: in a translation, `{0}` is the value as it came, `{t0}` the value itself translated when it can be. */
const SLOT = /\{(t?)(\d+)\}/g;

interface Template {
  pattern: RegExp;
  /** For each capture group, its slot number. */
  slots: number[];
  target: string;
  /** Literal characters: a longer (more specific) template is tried first. */
  weight: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(catalogue: Record<string, string>) {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const [english, translated] of Object.entries(catalogue)) {
    if (!/\{t?\d+\}/.test(english)) {
      exact.set(english, translated);
      continue;
    }
    const slots: Template['slots'] = [];
    let source = '';
    let last = 0;
    for (const match of english.matchAll(SLOT)) {
      source += escape(english.slice(last, match.index)) + '(.+?)';
      slots.push(Number(match[2]));
      last = match.index + match[0].length;
    }
    source += escape(english.slice(last));
    templates.push({
      pattern: new RegExp(`^${source}$`, 's'),
      slots,
      target: translated,
      weight: english.replace(SLOT, '').length,
    });
  }
  templates.sort((a, b) => b.weight - a.weight);
  return { exact, templates };
}

const compiled = new Map<Locale, ReturnType<typeof compile>>();
function compiledFor(locale: Locale) {
  const catalogue = CATALOGUES[locale];
  if (!catalogue) return null;
  let entry = compiled.get(locale);
  if (!entry) compiled.set(locale, (entry = compile(catalogue)));
  return entry;
}

/** `text` in `locale`, or null when that language has no translation of it (English has none). */
export function translatedErrorText(text: string, locale: Locale, depth = 0): string | null {
  const catalogue = compiledFor(locale);
  if (!catalogue || depth > 3) return null;
  const exact = catalogue.exact.get(text);
  if (exact !== undefined) return exact;
  for (const template of catalogue.templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values = new Map(template.slots.map((slot, i) => [slot, match[i + 1]!]));
    return template.target.replace(SLOT, (_m, t: string, n: string) => {
      const value = values.get(Number(n)) ?? '';
      return t ? (translatedErrorText(value, locale, depth + 1) ?? value) : value;
    });
  }
  return null;
}

/** `text` in `locale` when it has a translation, else as it is (English). */
export function errorTextIn(text: string, locale: Locale): string {
  return translatedErrorText(text, locale) ?? text;
}

/**
 * The language of an error answer: the page's chooser (pageLocale) on the request's `lang`
 * cookie (read from the header, as an error may come before the cookie plugin ran) and
 * Accept-Language.
 */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>, fallback: Locale): Locale {
  return pageLocale(cookieValue(request.headers.cookie, LANG_COOKIE), request.headers['accept-language'], fallback);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
