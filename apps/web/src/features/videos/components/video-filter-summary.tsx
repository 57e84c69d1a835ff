import { SORT_FIELD_LABELS, type VideoFilters } from '../video-filters';

/** A one-line description of the active filters, e.g. for the home heading. */
export function VideoFilterSummary({ filters }: { filters: VideoFilters }) {
  const parts: string[] = [];
  if (filters.query) parts.push(`“${filters.query}”`);
  if (filters.name) parts.push(`channel: ${filters.name}`);
  if (filters.sortBy) {
    parts.push(
      `sorted by ${SORT_FIELD_LABELS[filters.sortBy].toLowerCase()} (${filters.sortType === 'asc' ? 'ascending' : 'descending'})`,
    );
  }
  if (parts.length === 0) return null;
  return <p className="text-sm text-muted">Showing results for {parts.join(' · ')}</p>;
}
