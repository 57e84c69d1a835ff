import { describe, expect, it } from 'vitest';
import { findBlockedWord, normaliseBlockedWords } from './blocked-words.ts';

describe('findBlockedWord', () => {
  it('matches whole words in any case, with punctuation around them', () => {
    expect(findBlockedWord('Buy cheap SPAM now!', ['spam'])).toBe('spam');
    expect(findBlockedWord('spam', ['spam'])).toBe('spam');
    expect(findBlockedWord('(Spam), again', ['spam'])).toBe('spam');
  });

  it('does not match inside a longer word', () => {
    expect(findBlockedWord('a spammer and antispam tools', ['spam'])).toBeNull();
    expect(findBlockedWord('spam_bot', ['spam'])).toBeNull();
    expect(findBlockedWord('Ärger', ['rger'])).toBeNull();
  });

  it('matches phrases across any whitespace, and words in other scripts', () => {
    expect(findBlockedWord('you are\na  fool', ['a fool'])).toBe('a fool');
    expect(findBlockedWord('das ist ÄRGER hier', ['ärger'])).toBe('ärger');
    expect(findBlockedWord('dumm', ['ärger'])).toBeNull();
  });

  it('takes characters that mean something in a pattern literally', () => {
    expect(findBlockedWord('price is $5 today', ['$5'])).toBe('$5');
    expect(findBlockedWord('anything at all', ['.*'])).toBeNull();
    expect(findBlockedWord('c++ rocks', ['c++'])).toBe('c++');
  });

  it('finds nothing with no words', () => {
    expect(findBlockedWord('anything', [])).toBeNull();
  });
});

describe('normaliseBlockedWords', () => {
  it('trims, lower-cases and removes repeats, keeping the first order', () => {
    expect(normaliseBlockedWords([' Spam ', 'spam', 'Scam', 'SCAM'])).toEqual(['spam', 'scam']);
  });
});
