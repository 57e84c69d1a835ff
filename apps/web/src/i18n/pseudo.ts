import type { Catalogue } from './en';

/**
 * The pseudo-locale (en-XA): every English text accented and about 40 % longer, bracketed, so a
 * test sees at once a text that does not come from the catalogue and a box too small for a longer
 * language. Placeholders (`{{count}}`) and tags (`<1>…</1>`) are kept as they are.
 */
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const LOWER_ACCENTED = 'áƀçđéƒĝĥíĵķĺɱñöƥǫŕšţüṽŵẋýž';
const UPPER_ACCENTED = 'ÅƁÇĐÉƑĜĤÎĴĶĹṀÑÖƤǪŔŠŢÜṼŴẊÝŽ';
const ACCENTS: Record<string, string> = Object.fromEntries(
  [...LOWER].flatMap((ch, i) => [
    [ch, [...LOWER_ACCENTED][i]!],
    [ch.toUpperCase(), [...UPPER_ACCENTED][i]!],
  ]),
);

export function pseudoText(text: string): string {
  const parts = text.split(/(\{\{[^}]*\}\}|<\/?\d+\/?>)/);
  const accented = parts.map((part, i) => (i % 2 ? part : part.replace(/[a-zA-Z]/g, (ch) => ACCENTS[ch] ?? ch))).join('');
  const letters = text.replace(/\{\{[^}]*\}\}/g, '').length;
  const padding = '~'.repeat(Math.ceil(letters * 0.4));
  return `[${accented}${padding ? ` ${padding}` : ''}]`;
}

export function pseudoCatalogue(source: Catalogue): Catalogue {
  return Object.fromEntries(Object.entries(source).map(([key, text]) => [key, pseudoText(text)]));
}
