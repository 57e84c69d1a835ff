import { describe, expect, it } from 'vitest';
import { multiLineText, secretText, singleLineText, SURROGATE_MESSAGE } from './text.ts';

describe('text fields', () => {
  it('refuse a lone UTF-16 surrogate (two such words were one once stored), and keep real pairs', () => {
    for (const schema of [singleLineText(), multiLineText()]) {
      const lone = schema.safeParse('x\udd7cy');
      expect(lone.success).toBe(false);
      expect(lone.error?.issues[0]?.message).toBe(SURROGATE_MESSAGE);
      expect(schema.safeParse('x\ud83d\ude00y').success).toBe(true);
    }
    // A password is bytes the person typed: hashed, never stored as text.
    expect(secretText().safeParse('x\udd7cy').success).toBe(true);
  });
});
