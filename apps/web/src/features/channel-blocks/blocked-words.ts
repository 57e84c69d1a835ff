import { BLOCKED_WORD_MAX_LENGTH, BLOCKED_WORDS_MAX } from '@streamhub/contract';

/**
 * A word or phrase added to the list: trimmed, inner spaces squeezed; null with a reason when it
 * is blank, too long, already there (ignoring case, as the server matches) or one too many.
 */
export function addBlockedWord(words: string[], input: string): { words: string[] } | { error: string } {
  const word = input.trim().replace(/\s+/g, ' ');
  if (!word) return { error: 'Type a word or phrase first.' };
  if (word.length > BLOCKED_WORD_MAX_LENGTH) return { error: `At most ${BLOCKED_WORD_MAX_LENGTH} characters.` };
  if (words.some((w) => w.toLowerCase() === word.toLowerCase())) return { error: `“${word}” is already blocked.` };
  if (words.length >= BLOCKED_WORDS_MAX) return { error: `At most ${BLOCKED_WORDS_MAX} blocked words.` };
  return { words: [...words, word] };
}
