import { SORT_FIELDS } from '@streamhub/contract';

/** SPEC §3 video filters; the home URL carries them as query, name, sortBy, sortType (+ page). */
export type SortField = (typeof SORT_FIELDS)[number];
export type SortType = 'asc' | 'desc';

export const SORT_FIELD_LABELS: Record<SortField, string> = { likes: 'Likes', duration: 'Duration', views: 'Views' };
/** The same labels' keys in the catalogue (docs/languages.md). */
export const SORT_FIELD_KEYS = {
  likes: 'videoSearch.sortLikes',
  duration: 'videoSearch.sortDuration',
  views: 'videoSearch.sortViews',
} as const satisfies Record<SortField, string>;
export const DEFAULT_SORT_TYPE: SortType = 'desc';

export type VideoFilters = { query?: string; name?: string; sortBy?: SortField; sortType?: SortType };

/** What the search bar edits; empty strings mean "not set". */
export type VideoSearchForm = { query: string; name: string; sortBy: SortField | ''; sortType: SortType };

function isSortField(value: string | null): value is SortField {
  return value !== null && (SORT_FIELDS as readonly string[]).includes(value);
}

/** SPEC §5: query only if non-blank after trimming, name only if non-empty, sortType only with sortBy. */
export function videoFiltersFromForm(form: VideoSearchForm): VideoFilters {
  const filters: VideoFilters = {};
  const query = form.query.trim();
  const name = form.name.trim();
  if (query) filters.query = query;
  if (name) filters.name = name;
  if (form.sortBy) {
    filters.sortBy = form.sortBy;
    filters.sortType = form.sortType;
  }
  return filters;
}

export function videoFiltersToSearchParams(filters: VideoFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query) params.set('query', filters.query);
  if (filters.name) params.set('name', filters.name);
  if (filters.sortBy) {
    params.set('sortBy', filters.sortBy);
    params.set('sortType', filters.sortType ?? DEFAULT_SORT_TYPE);
  }
  return params;
}

/** The home URL → filters and page; unknown values are dropped rather than sent to the server. */
export function readVideoFilters(params: URLSearchParams): VideoFilters & { page: number } {
  const filters: VideoFilters & { page: number } = { page: 1 };
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) filters.page = page;
  const query = params.get('query')?.trim();
  const name = params.get('name')?.trim();
  if (query) filters.query = query;
  if (name) filters.name = name;
  const sortBy = params.get('sortBy');
  if (isSortField(sortBy)) {
    filters.sortBy = sortBy;
    filters.sortType = params.get('sortType') === 'asc' ? 'asc' : DEFAULT_SORT_TYPE;
  }
  return filters;
}

export function searchFormFromFilters(filters: VideoFilters): VideoSearchForm {
  return {
    query: filters.query ?? '',
    name: filters.name ?? '',
    sortBy: filters.sortBy ?? '',
    sortType: filters.sortType ?? DEFAULT_SORT_TYPE,
  };
}
