import type { SavedEstimate } from './start-level';

const KEY = 'streamhub:bandwidth';

/** The player's last throughput measurement, kept for the next video's first rung. */
export function readSavedBandwidth(): SavedEstimate | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<SavedEstimate> | null;
    return value && typeof value.bps === 'number' && typeof value.at === 'number' ? { bps: value.bps, at: value.at } : null;
  } catch {
    return null;
  }
}

export function saveBandwidth(bps: number): void {
  if (!(bps > 0) || !Number.isFinite(bps)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ bps: Math.round(bps), at: Date.now() }));
  } catch {
    // Storage full or refused (private mode): the next start uses the browser's estimate.
  }
}

/** Network Information API (Chromium): a rough downlink in Mb/s. */
export function browserDownlinkMbps(): number | undefined {
  return (navigator as Navigator & { connection?: { downlink?: number } }).connection?.downlink;
}
