/** A letter, digit or underscore in any script: what a whole word may not touch on either side. */
const WORD_CHAR = String.raw`[\p{L}\p{N}_]`;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The channel's blocked word (or phrase) that `content` holds as a whole word, case-insensitively,
 * or null: "spam" matches "Spam!" and "no SPAM here", not "spammer" or "antispam". Runs of
 * spaces inside a phrase match any whitespace. Pure, so it is tested without a database.
 */
export function findBlockedWord(content: string, words: readonly string[]): string | null {
  for (const word of words) {
    const body = word
      .trim()
      .split(/\s+/)
      .map(escape)
      .join(String.raw`\s+`);
    if (!body) continue;
    const pattern = new RegExp(`(?<!${WORD_CHAR})${body}(?!${WORD_CHAR})`, 'iu');
    if (pattern.test(content)) return word;
  }
  return null;
}

/** One entry per word, trimmed and lower-cased, in the order first given (`BlockedWords` bounds them). */
export function normaliseBlockedWords(words: readonly string[]): string[] {
  return [...new Set(words.map((w) => w.trim().toLowerCase()).filter(Boolean))];
}
