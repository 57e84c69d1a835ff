/** Calendar days (UTC, `YYYY-MM-DD`) of the studio's ranges; schema-free for the browser (limits.ts). */

const DAY_MS = 86_400_000;

/** The day `n` days after `day` (negative: before). */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}
