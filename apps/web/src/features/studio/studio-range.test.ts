import { describe, expect, it } from 'vitest';
import { lastDays, rangeProblem, todayUtc } from './studio-range';

describe('studio date ranges', () => {
  it('the last n days end today (UTC), both ends counted', () => {
    expect(todayUtc(Date.parse('2026-03-01T23:59:00Z'))).toBe('2026-03-01');
    expect(lastDays(7, '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(lastDays(28, '2026-03-01')).toEqual({ from: '2026-02-02', to: '2026-03-01' });
  });

  it('a custom range must be two dates in order, at most 366 days', () => {
    expect(rangeProblem({ from: '2026-01-01', to: '2026-01-31' })).toBeNull();
    expect(rangeProblem({ from: '', to: '2026-01-31' })).toMatch(/both/);
    expect(rangeProblem({ from: '2026-02-01', to: '2026-01-31' })).toMatch(/after/);
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2024-01-01', to: '2025-01-01' })).toMatch(/366/);
  });
});
