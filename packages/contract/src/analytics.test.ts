import { describe, expect, it } from 'vitest';
import { AnalyticsQuery } from './analytics.ts';

const parse = (q: Record<string, string>) => AnalyticsQuery.safeParse(q);

describe('the analytics range', () => {
  it('takes a day, or a full ISO time read as its UTC day', () => {
    expect(parse({ from: '2026-11-01', to: '2026-11-05' }).data).toEqual({ from: '2026-11-01', to: '2026-11-05' });
    expect(parse({ from: '2026-11-01T23:30:00-02:00' }).data).toEqual({ from: '2026-11-02' });
    expect(parse({ to: '2026-11-05T00:00:00.000Z' }).data).toEqual({ to: '2026-11-05' });
  });

  it('refuses a day that does not exist and anything that is not a date', () => {
    for (const from of ['2026-02-30', 'nope', '2026-11-01T25:00:00Z', '2026-11-01T10:00:00', '']) {
      expect(parse({ from }).success, from).toBe(false);
    }
  });
});
