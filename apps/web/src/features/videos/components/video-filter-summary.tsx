import { useTranslation } from '@/i18n/use-translation';
import { SORT_FIELD_KEYS, type VideoFilters } from '../video-filters';

/** A one-line description of the active filters, e.g. for the home heading. */
export function VideoFilterSummary({ filters }: { filters: VideoFilters }) {
  const { t } = useTranslation();
  const parts: string[] = [];
  if (filters.query) parts.push(`“${filters.query}”`);
  if (filters.name) parts.push(t('videoFilters.channel', { name: filters.name }));
  if (filters.sortBy) {
    const field = t(SORT_FIELD_KEYS[filters.sortBy]).toLowerCase();
    parts.push(filters.sortType === 'asc' ? t('videoFilters.sortedAsc', { field }) : t('videoFilters.sortedDesc', { field }));
  }
  if (parts.length === 0) return null;
  return <p className="text-sm text-muted">{t('videoFilters.showing', { filters: parts.join(' · ') })}</p>;
}
