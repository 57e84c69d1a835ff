/** Display helpers (SPEC §3): one way to show durations, dates and relative times. */

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

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'day month year', e.g. '22 November 2026'; '' when missing or invalid. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
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
  if (elapsed < 5) return 'just now';
  for (const [unit, size] of UNITS) {
    const count = Math.floor(elapsed / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** Counts such as views and subscribers: 999, 1.2K, 3.4M. */
export function formatCount(value: number | null | undefined): string {
  return compact.format(value ?? 0);
}
