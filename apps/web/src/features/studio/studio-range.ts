import { addDays, DEFAULT_ANALYTICS_DAYS, MAX_ANALYTICS_DAYS } from '@streamhub/contract';

/** The picker's ready-made ranges, in days up to today (UTC, as the server counts days). */
export const RANGE_PRESETS = [7, DEFAULT_ANALYTICS_DAYS, 90] as const;
/** The range the studio opens on (the server's default too). */
export const DEFAULT_RANGE_DAYS = DEFAULT_ANALYTICS_DAYS;

export type DayRange = { from: string; to: string };

/** Today's date in UTC, `YYYY-MM-DD`. */
export const todayUtc = (now: number = Date.now()): string => new Date(now).toISOString().slice(0, 10);

/** The last `days` days up to `today`, both included. */
export const lastDays = (days: number, today: string): DayRange => ({ from: addDays(today, -(days - 1)), to: today });

/** Why a custom range cannot be asked for, or null when it can (the server says the same with a 400). */
export function rangeProblem({ from, to }: DayRange): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return 'Choose both dates.';
  if (from > to) return 'The start must not be after the end.';
  if (addDays(from, MAX_ANALYTICS_DAYS - 1) < to) return `Choose at most ${MAX_ANALYTICS_DAYS} days.`;
  return null;
}
