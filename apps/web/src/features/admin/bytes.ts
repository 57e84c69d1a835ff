const UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** A size for people: '512 bytes', '1.5 GiB' (binary units, one decimal below 10). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} bytes`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} ${UNITS[unit]}`;
}

/**
 * A limit typed into a field: blank is null (the instance default), else a whole number from 0
 * up to `max`. Anything else is an error message for the field.
 */
export function parseLimit(text: string, max: number): { value: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  if (!/^\d+$/.test(trimmed)) return { error: 'Enter a whole number, or leave it blank for the default.' };
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value) || value > max) return { error: `At most ${max}.` };
  return { value };
}
