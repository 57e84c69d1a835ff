/**
 * The interface's language (API.md §21): the `lang` cookie set from the language menu, else the
 * browser's `Accept-Language`, else the instance's DEFAULT_LOCALE. The server renders pages in it
 * and writes it into `<html lang>`; the browser's app starts in the language the page says.
 */
export const LANG_COOKIE = 'lang';

/** The languages shipped with a catalogue (apps/web/src/i18n/<locale>.ts), English first. */
export const LOCALES = ['en', 'fr'] as const;
export type ShippedLocale = (typeof LOCALES)[number];

/** The pseudo-locale: English accented and about 40 % longer, for tests of layout (never offered in the menu). */
export const PSEUDO_LOCALE = 'en-XA';

/** Every language a page may be rendered in. */
export type Locale = ShippedLocale | typeof PSEUDO_LOCALE;

/** Each shipped language's name in itself, for the language menu. */
export const LOCALE_NAMES: Record<ShippedLocale, string> = { en: 'English', fr: 'Français' };

/** `value` when it names a language we render (case-insensitive), else null. */
export function localeChoice(value: string | undefined | null): Locale | null {
  if (!value) return null;
  const lower = value.trim().toLowerCase();
  if (lower === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE;
  return LOCALES.find((l) => l === lower) ?? null;
}

/**
 * The best shipped language of an `Accept-Language` header (`fr-CA,fr;q=0.9,en;q=0.8`), by its
 * weights, a region falling back to its language; null when none is shipped.
 */
export function acceptedLocale(header: string | undefined | null): ShippedLocale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0 && entry.tag)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    const found = LOCALES.find((l) => l === tag || l === base);
    if (found) return found;
  }
  return null;
}

/** The language of a page (API.md §21): cookie, else `Accept-Language`, else the instance's default. */
export function pageLocale(
  cookie: string | undefined | null,
  acceptLanguage: string | undefined | null,
  fallback: Locale,
): Locale {
  return localeChoice(cookie) ?? acceptedLocale(acceptLanguage) ?? fallback;
}
