/** A letter, digit or underscore in any script: what a whole word may not touch on either side. */
const WORD_CHAR = String.raw`[\p{L}\p{N}_]`;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What may stand between the letters of a blocked word and still spell it: whitespace,
 * punctuation and invisible format characters (zero-width spaces and joiners, soft hyphens).
 */
const SEPARATOR = String.raw`[\s\p{P}\p{Cf}]`;
const SEPARATOR_CHAR = new RegExp(`^${SEPARATOR}$`, 'u');

/**
 * Text as the filter reads it: Unicode compatibility forms folded (NFKC: full-width letters,
 * ligatures, circled and styled letters become plain ones), lower-cased, invisible format
 * characters removed.
 */
export function foldForFilter(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\p{Cf}/gu, '');
}

/** The pattern of one blocked word or phrase: its letters in order, any separators between them. */
function patternOf(word: string): RegExp | null {
  const folded = foldForFilter(word).trim();
  const letters = Array.from(folded).filter((c) => !SEPARATOR_CHAR.test(c));
  // A word of punctuation alone ("?!") is matched as written.
  const body = letters.length > 0 ? letters.map(escape).join(`${SEPARATOR}*`) : escape(folded);
  if (!body) return null;
  return new RegExp(`(?<!${WORD_CHAR})${body}(?!${WORD_CHAR})`, 'iu');
}

/**
 * The channel's blocked word (or phrase) that `content` holds as a whole word, or null: "spam"
 * matches "Spam!", "no SPAM here", "ＳＰＡＭ", "s p a m", "s.p.a.m" and "sp\u200bam", not
 * "spammer" or "antispam". Both sides are folded (`foldForFilter`: NFKC, case, invisible
 * characters), and whitespace or punctuation between the letters of a word is skipped, so neither
 * spelling it out nor editing a comment gets it past the hold. Pure, so it is tested without a
 * database.
 */
export function findBlockedWord(content: string, words: readonly string[]): string | null {
  const text = foldForFilter(content);
  for (const word of words) {
    if (patternOf(word)?.test(text)) return word;
  }
  return null;
}

/**
 * One entry per word, trimmed and lower-cased, in the order first given (`BlockedWords` bounds
 * them). Stored as written, not folded: NFKC may lengthen a word past its bound; the filter folds
 * both sides when it reads (`findBlockedWord`).
 */
export function normaliseBlockedWords(words: readonly string[]): string[] {
  return [...new Set(words.map((w) => w.trim().toLowerCase()).filter(Boolean))];
}
