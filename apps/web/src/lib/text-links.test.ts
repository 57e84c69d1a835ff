import { describe, expect, it } from 'vitest';
import { splitLinks } from './text-links';

describe('splitLinks', () => {
  it('cuts http and https addresses out of the text, leaving a sentence’s punctuation', () => {
    expect(splitLinks('See https://example.com/a?b=1. And http://x.org)')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: '. And ' },
      { text: 'http://x.org', href: 'http://x.org/' },
      { text: ')' },
    ]);
  });

  it('never links other schemes', () => {
    expect(splitLinks('javascript:alert(1) data:text/html,x ftp://a')).toEqual([
      { text: 'javascript:alert(1) data:text/html,x ftp://a' },
    ]);
  });
});
