import type { TFunction } from 'i18next';
/**
 * The "Schedule" field of the upload and edit forms (scheduled publishing, API.md §16): a
 * `datetime-local` value in the browser's time zone, sent as `publishAt` in ISO 8601 UTC.
 */

/** A datetime-local value as an ISO 8601 UTC time; null when empty or not a time. */
export function scheduleIso(local: string): string | null {
  if (!local.trim()) return null;
  const ms = new Date(local).getTime();
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** An ISO time as a datetime-local value (minutes) in the browser's time zone; '' for none. */
export function scheduleInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (!Number.isFinite(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The problem with a chosen schedule in the page's language, or null (empty: no schedule). */
export function scheduleError(local: string, t: TFunction, now = Date.now()): string | null {
  if (!local.trim()) return null;
  const iso = scheduleIso(local);
  if (!iso) return t('scheduleField.invalid');
  if (Date.parse(iso) <= now) return t('scheduleField.past');
  return null;
}

/**
 * A scheduled time as the dashboard shows it, `2026-11-25 19:30 UTC`: in UTC so the server's
 * render and the browser's hydration read the same, whatever their time zones.
 */
export function scheduleLabel(iso: string): string {
  const d = new Date(iso);
  if (!Number.isFinite(d.getTime())) return '';
  const text = d.toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 16)} UTC`;
}
