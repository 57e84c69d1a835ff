/** A piece of a user's text: plain, or an http(s) address to show as a link. */
export type TextPiece = { text: string; href?: string };

const ADDRESS = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence more often than an address. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * The text cut around its web addresses, http and https only (never javascript: or data:): a
 * sentence's last dot or closing bracket stays text. The caller renders pieces as nodes, never markup.
 */
export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    let href: string;
    try {
      href = new URL(address).href;
    } catch {
      continue;
    }
    const start = match.index;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: address, href });
    last = start + address.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}
