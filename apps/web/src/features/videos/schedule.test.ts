import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n';
import { en } from '@/i18n/en';
import { scheduleError, scheduleInputValue, scheduleIso, scheduleLabel } from './schedule';

const t = createI18n('en', en).t;

describe('schedule field', () => {
  it('reads a local date-time as ISO and shows an ISO time back in the same form', () => {
    const iso = scheduleIso('2031-03-04T05:06');
    expect(iso).toBe(new Date(2031, 2, 4, 5, 6).toISOString());
    expect(scheduleInputValue(iso)).toBe('2031-03-04T05:06');
    expect(scheduleIso('')).toBeNull();
    expect(scheduleIso('not a time')).toBeNull();
    expect(scheduleInputValue(null)).toBe('');
  });

  it('refuses a time that has passed or is no time; empty is no schedule', () => {
    const now = new Date(2031, 2, 4, 5, 6).getTime();
    expect(scheduleError('', t, now)).toBeNull();
    expect(scheduleError('2031-03-04T05:07', t, now)).toBeNull();
    expect(scheduleError('2031-03-04T05:06', t, now)).toBe('Choose a time in the future to publish');
    expect(scheduleError('nonsense', t, now)).toBe('Choose a valid date and time to publish');
  });

  it('labels a scheduled time in UTC', () => {
    expect(scheduleLabel('2026-11-25T19:30:59.000Z')).toBe('2026-11-25 19:30 UTC');
    expect(scheduleLabel('nonsense')).toBe('');
  });
});
