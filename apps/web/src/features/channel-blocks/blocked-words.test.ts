import { describe, expect, it } from 'vitest';
import { BLOCKED_WORD_MAX_LENGTH, BLOCKED_WORDS_MAX } from '@streamhub/contract';
import { addBlockedWord } from './blocked-words';

describe('addBlockedWord', () => {
  it('adds a trimmed word or phrase with its inner spaces squeezed', () => {
    expect(addBlockedWord(['spam'], '  buy   now ')).toEqual({ words: ['spam', 'buy now'] });
  });

  it('refuses a blank word, a duplicate in any case, a too long one and one past the limit', () => {
    expect(addBlockedWord([], '   ')).toHaveProperty('error');
    expect(addBlockedWord(['Spam'], 'sPAM')).toEqual({ error: '“sPAM” is already blocked.' });
    expect(addBlockedWord([], 'x'.repeat(BLOCKED_WORD_MAX_LENGTH + 1))).toHaveProperty('error');
    const full = Array.from({ length: BLOCKED_WORDS_MAX }, (_, i) => `w${i}`);
    expect(addBlockedWord(full, 'one more')).toHaveProperty('error');
  });
});
