import { afterEach, describe, expect, it } from 'vitest';
import {
  countOf,
  formatCount,
  formatDate,
  formatDuration,
  formatDurationHms,
  formatDurationWords,
  formatMoney,
  formatRelativeTime,
  formatSeconds,
  formatSecondsDecimal,
  formatSecondsNarrow,
  formatWatchMinutes,
  setFormatLocale,
} from './formatters';

describe('formatDuration', () => {
  it('shows mm:ss from rounded seconds', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(5)).toBe('00:05');
    expect(formatDuration(65.4)).toBe('01:05');
    expect(formatDuration(59.6)).toBe('01:00');
    expect(formatDuration(3725)).toBe('62:05');
  });

  it("shows '00:00' when missing", () => {
    expect(formatDuration(undefined)).toBe('00:00');
    expect(formatDuration(null)).toBe('00:00');
    expect(formatDuration(Number.NaN)).toBe('00:00');
  });
});

describe('formatDurationHms', () => {
  it('adds hours only when needed', () => {
    expect(formatDurationHms(65)).toBe('1:05');
    expect(formatDurationHms(3725)).toBe('1:02:05');
    expect(formatDurationHms(undefined)).toBe('0:00');
  });
});

describe('formatDate', () => {
  it('shows day month year', () => {
    expect(formatDate('2026-11-22T12:00:00.000Z')).toBe('22 November 2026');
    expect(formatDate(new Date(2024, 0, 5))).toBe('5 January 2024');
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    for (let month = 0; month < 12; month++) {
      const date = new Date(2025, month, 1 + month * 2, 23, 59);
      expect(formatDate(date)).toBe(intl.format(date));
    }
  });

  it('is empty for missing or invalid dates', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-22T12:00:00.000Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('picks the largest whole unit', () => {
    expect(formatRelativeTime(ago(30), now)).toBe('30 seconds ago');
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(2 * 3600 + 5), now)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(3 * 86400), now)).toBe('3 days ago');
    expect(formatRelativeTime(ago(14 * 86400), now)).toBe('2 weeks ago');
    expect(formatRelativeTime(ago(65 * 86400), now)).toBe('2 months ago');
    expect(formatRelativeTime(ago(800 * 86400), now)).toBe('2 years ago');
  });

  it("says 'just now' for very recent or future times", () => {
    expect(formatRelativeTime(ago(2), now)).toBe('just now');
    expect(formatRelativeTime(ago(-100), now)).toBe('just now');
    expect(formatRelativeTime(undefined, now)).toBe('');
  });
});

describe('formatCount', () => {
  it('is compact', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1200)).toBe('1.2K');
  });

  it("says what Intl's English compact notation says, without building it", () => {
    const intl = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
    const values = [0, 1, 999, 1000, 1049, 1050, 1051, 1099, 1949, 1950, 9999, 10_000, 99_949, 99_950, 123_456, 999_499];
    values.push(999_500, 999_949, 999_950, 999_999, 1_000_000, 1_250_000, 12_345_678, 999_949_999, 999_950_000, 1_500_000_000);
    values.push(2_000_000_000_000, 7_654_321_000_000);
    for (let i = 0; i < 2000; i++) values.push(Math.floor(Math.random() * 10 ** (1 + Math.random() * 12)));
    for (const value of values) expect(formatCount(value), String(value)).toBe(intl.format(value));
    expect(formatCount(undefined)).toBe('0');
  });
});

describe('countOf', () => {
  it('uses the singular for one only, by Intl.PluralRules', () => {
    expect(countOf(1, 'view', 'views')).toBe('1 view');
    expect(countOf(0, 'view', 'views')).toBe('0 views');
    expect(countOf(2, 'comment', 'comments')).toBe('2 comments');
    expect(countOf(1500, 'subscriber', 'subscribers')).toBe('1.5K subscribers');
    expect(countOf(undefined, 'reply', 'replies')).toBe('0 replies');
  });
});

/** Intl writes French with narrow no-break spaces (U+202F) and no-break spaces (U+00A0). */
const spaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe("money and durations in the page's language (API.md §21)", () => {
  afterEach(() => setFormatLocale(() => 'en'));

  it('writes English money as the spec does: symbol first, whole amounts without decimals', () => {
    for (const locale of ['en', 'en-XA']) {
      setFormatLocale(() => locale);
      expect(formatMoney(4.99)).toBe('$4.99');
      expect(formatMoney(5)).toBe('$5');
      expect(formatMoney(4.5)).toBe('$4.50');
      expect(formatMoney(20, { currency: 'INR' })).toBe('₹20');
      expect(formatMoney(5, { fixed: true })).toBe('$5.00');
      expect(formatMoney(undefined)).toBe('$0');
      expect(formatMoney(Number.NaN)).toBe('$0');
    }
  });

  it('writes French money through Intl: 4,99 $US, 5 $US, 20 ₹', () => {
    setFormatLocale(() => 'fr');
    expect(spaces(formatMoney(4.99))).toBe('4,99 $US');
    expect(spaces(formatMoney(5))).toBe('5 $US');
    expect(spaces(formatMoney(4.5))).toBe('4,50 $US');
    expect(spaces(formatMoney(1234.5))).toBe('1 234,50 $US');
    expect(spaces(formatMoney(20, { currency: 'INR' }))).toBe('20 ₹');
    expect(spaces(formatMoney(5, { fixed: true }))).toBe('5,00 $US');
  });

  it('writes English durations in words as before', () => {
    expect(formatDurationWords(45)).toBe('45 s');
    expect(formatDurationWords(75)).toBe('1 min 15 s');
    expect(formatDurationWords(120)).toBe('2 min 0 s');
    expect(formatSeconds(95.4)).toBe('95 s');
    expect(formatSecondsDecimal(2.5)).toBe('2.5 s');
    expect(formatSecondsDecimal(0)).toBe('0.0 s');
    expect(formatSecondsNarrow(60)).toBe('60s');
    expect(formatWatchMinutes(90)).toBe('1.5 min');
    expect(formatWatchMinutes(74_070)).toBe('1,234.5 min');
  });

  it('writes French durations through Intl units', () => {
    setFormatLocale(() => 'fr');
    expect(spaces(formatDurationWords(45))).toBe('45 s');
    expect(spaces(formatDurationWords(75))).toBe('1 min 15 s');
    expect(spaces(formatSeconds(1234))).toBe('1 234 s');
    expect(spaces(formatSecondsDecimal(2.5))).toBe('2,5 s');
    expect(spaces(formatSecondsNarrow(60))).toMatch(/^60 ?s$/);
    expect(spaces(formatWatchMinutes(90))).toBe('1,5 min');
    expect(spaces(formatWatchMinutes(74_070))).toBe('1 234,5 min');
  });
});
