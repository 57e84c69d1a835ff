/** Display helpers (SPEC §3): one way to show durations, dates and relative times. */

/**
 * The language dates, relative times and counts are written in (API.md §21): the page's, set by
 * the server per request (entry-server.tsx) and by the browser from the page (app/start-app.tsx).
 * English is written out by hand below (the spec's texts, and no ICU data to load); any other
 * language goes through Intl.
 */
let formatLocale: () => string = () => 'en';

export function setFormatLocale(locale: () => string): void {
  formatLocale = locale;
}

const intlLocale = () => {
  const locale = formatLocale();
  return locale === 'en' || locale.startsWith('en-') ? null : locale;
};

/** A whole number in full, grouped in the page's language: '12,345' (French '12 345'). */
export function formatInteger(value: number): string {
  return value.toLocaleString(intlLocale() ?? 'en-US');
}

const pad = (n: number) => String(n).padStart(2, '0');

function wholeSeconds(seconds: number | null | undefined): number | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  return Math.round(seconds);
}

/** Card durations: mm:ss from rounded seconds (minutes may exceed 59); '00:00' when missing. */
export function formatDuration(seconds: number | null | undefined): string {
  const total = wholeSeconds(seconds);
  if (total === null) return '00:00';
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** Player-style h:mm:ss, or m:ss under an hour. */
export function formatDurationHms(seconds: number | null | undefined): string {
  const total = wholeSeconds(seconds) ?? 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

// Written out rather than with Intl: building an Intl formatter loads ICU locale data, which
// cost every page about 45 ms of main thread before its first cards or dates could render.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'day month year', e.g. '22 November 2026'; '' when missing or invalid. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  const locale = intlLocale();
  if (date && locale) return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
  return date ? `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}` : '';
}

const UNITS: Array<[unit: string, seconds: number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** 'X ago', e.g. '5 minutes ago'; 'just now' for under 5 seconds or future times. */
export function formatRelativeTime(value: string | number | Date | null | undefined, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const elapsed = Math.floor((now - date.getTime()) / 1000);
  const locale = intlLocale();
  if (locale) {
    const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    if (elapsed < 5) return relative.format(0, 'second');
    const found = UNITS.find(([, size]) => elapsed >= size) ?? UNITS[UNITS.length - 1]!;
    return relative.format(-Math.floor(elapsed / found[1]), found[0] as Intl.RelativeTimeFormatUnit);
  }
  if (elapsed < 5) return 'just now';
  for (const [unit, size] of UNITS) {
    const count = Math.floor(elapsed / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

const COMPACT_UNITS = ['', 'K', 'M', 'B', 'T'];

/**
 * Counts such as views and subscribers: 999, 1.2K, 3.4M (as Intl's English compact notation with
 * one decimal at most: rounded half up, 999,950 is 1M, not 1000K).
 */
export function formatCount(value: number | null | undefined): string {
  const locale = intlLocale();
  if (locale) return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value ?? 0);
  const n = Math.round(Math.abs(value ?? 0));
  let unit = 0;
  // Tenths of the unit, rounded half up in integers (no binary fractions): 1,150 is 1.2K.
  const tenthsOf = (u: number) => Math.floor((n * 10 + 1000 ** u / 2) / 1000 ** u);
  while (unit < COMPACT_UNITS.length - 1 && tenthsOf(unit) >= 10_000) unit++;
  const tenths = unit === 0 ? n * 10 : tenthsOf(unit);
  const shown = tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
  return `${(value ?? 0) < 0 && n > 0 ? '-' : ''}${shown}${COMPACT_UNITS[unit]}`;
}

const pluralRules = new Intl.PluralRules('en-US');

/** A count with its noun in the right form, chosen by Intl.PluralRules: '1 view', '1.2K views', '0 comments'. */
export function countOf(count: number | null | undefined, one: string, other: string): string {
  const n = count ?? 0;
  return `${formatCount(n)} ${pluralRules.select(n) === 'one' ? one : other}`;
}

/** The currencies the web shows: US dollars ('$') and, for the buy confirmation and upload slots, rupees ('₹'; SPEC §9). */
export type Currency = 'USD' | 'INR';

const CURRENCY_SYMBOLS: Record<Currency, string> = { USD: '$', INR: '₹' };

/**
 * An amount of money (API.md §21): English as the spec writes it, the symbol then the amount, whole
 * amounts without decimals and others with two ('$5', '$4.99', '₹20'), or always two with
 * `fixed` ('$5.00'); any other language through Intl.NumberFormat's currency style ('4,99 $US').
 */
export function formatMoney(
  amount: number | null | undefined,
  { currency = 'USD', fixed = false }: { currency?: Currency; fixed?: boolean } = {},
): string {
  const value = Number.isFinite(amount) ? (amount as number) : 0;
  const whole = Number.isInteger(value) && !fixed;
  const locale = intlLocale();
  if (locale) {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(value);
  }
  return `${CURRENCY_SYMBOLS[currency]}${whole ? value : value.toFixed(2)}`;
}

/** One unit of a duration written in words: English by hand, any other language with Intl's unit style. */
function unitText(
  value: number,
  unit: 'second' | 'minute',
  english: string,
  style: Intl.NumberFormatOptions['unitDisplay'] = 'short',
  fractionDigits?: number,
): string {
  const locale = intlLocale();
  if (locale) {
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: style,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits ?? 0,
    }).format(value);
  }
  return `${fractionDigits === undefined ? value : value.toFixed(fractionDigits)}${english}`;
}

/** A wait in words, minutes and seconds: '45 s', '1 min 15 s' (French '1 min 15 s' through Intl). */
export function formatDurationWords(seconds: number | null | undefined): string {
  const total = wholeSeconds(seconds) ?? 0;
  if (total < 60) return unitText(total, 'second', ' s');
  return `${unitText(Math.floor(total / 60), 'minute', ' min')} ${unitText(total % 60, 'second', ' s')}`;
}

/** Whole seconds in words: '95 s' (French '95 s'), e.g. the studio's average view. */
export function formatSeconds(seconds: number | null | undefined): string {
  return unitText(wholeSeconds(seconds) ?? 0, 'second', ' s');
}

/** A point in a video in seconds with one decimal: '2.5 s' (French '2,5 s'). */
export function formatSecondsDecimal(seconds: number | null | undefined): string {
  const value = Number.isFinite(seconds) ? (seconds as number) : 0;
  return unitText(value, 'second', ' s', 'short', 1);
}

/** A countdown's seconds, narrow: '60s'. */
export function formatSecondsNarrow(seconds: number | null | undefined): string {
  return unitText(wholeSeconds(seconds) ?? 0, 'second', 's', 'narrow');
}

/** Watch time in minutes with one decimal at most, from seconds: '1,234.5 min' (French '1 234,5 min'). */
export function formatWatchMinutes(seconds: number | null | undefined): string {
  const minutes = (Number.isFinite(seconds) ? (seconds as number) : 0) / 60;
  const locale = intlLocale();
  if (locale) {
    return new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: 'minute',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(minutes);
  }
  return `${minutes.toLocaleString('en', { maximumFractionDigits: 1 })} min`;
}
