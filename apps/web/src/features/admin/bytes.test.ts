import { describe, expect, it } from 'vitest';
import { formatBytes, parseLimit } from './bytes';

describe('formatBytes', () => {
  it('shows bytes below a KiB and binary units above', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1536 * 1024 * 1024)).toBe('1.5 GiB');
    expect(formatBytes(200 * 1024 ** 3)).toBe('200 GiB');
  });
});

describe('parseLimit', () => {
  it('reads blank as the default and digits as a number', () => {
    expect(parseLimit('  ', 10)).toEqual({ value: null });
    expect(parseLimit('0', 10)).toEqual({ value: 0 });
    expect(parseLimit(' 7 ', 10)).toEqual({ value: 7 });
  });

  it('refuses fractions, signs, words and numbers above the maximum', () => {
    for (const text of ['1.5', '-1', '1e3', 'ten']) expect(parseLimit(text, 10)).toHaveProperty('error');
    expect(parseLimit('11', 10)).toEqual({ error: 'At most 10.' });
  });
});
