import type { HistoryEntry } from '@streamhub/contract';
import { formatDate } from '@/lib/formatters';

/** API.md §7 sends `video` as one card; SPEC §3 also allows a list, and a deleted video may leave none. */
export type RawHistoryEntry = Omit<HistoryEntry, 'video'> & { video: HistoryEntry['video'] | HistoryEntry['video'][] | null };
export type HistoryItem = Pick<HistoryEntry, '_id' | 'watchedAt' | 'video'>;
export type HistoryGroup = { date: string; items: HistoryItem[] };

/** Entries with a video, newest first, grouped by formatted watched date (day month year). */
export function groupHistory(entries: RawHistoryEntry[]): HistoryGroup[] {
  const items: HistoryItem[] = [];
  for (const entry of entries) {
    const video = Array.isArray(entry.video) ? entry.video[0] : entry.video;
    if (video) items.push({ _id: entry._id, watchedAt: entry.watchedAt, video });
  }
  items.sort((a, b) => new Date(b.watchedAt).getTime() - new Date(a.watchedAt).getTime());
  const groups: HistoryGroup[] = [];
  for (const item of items) {
    const date = formatDate(item.watchedAt) || 'Unknown date';
    const last = groups[groups.length - 1];
    if (last?.date === date) last.items.push(item);
    else groups.push({ date, items: [item] });
  }
  return groups;
}
