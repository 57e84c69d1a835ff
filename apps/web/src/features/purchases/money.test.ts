import { describe, expect, it } from 'vitest';
import { formatAmount } from './money';

describe('formatAmount', () => {
  it('shows dollars by default, whole amounts without decimals', () => {
    expect(formatAmount(30)).toBe('$30');
    expect(formatAmount(4.5)).toBe('$4.50');
    expect(formatAmount(19.99)).toBe('$19.99');
  });

  it('uses the rupee sign where SPEC §9 asks for it', () => {
    expect(formatAmount(5, '₹')).toBe('₹5');
  });

  it('reads a missing amount as 0', () => {
    expect(formatAmount(undefined)).toBe('$0');
    expect(formatAmount(Number.NaN)).toBe('$0');
  });
});
