import { useTranslation } from '@/i18n/use-translation';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SORT_FIELDS } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { SearchIcon, SortAscIcon, SortDescIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/text-field';
import {
  SORT_FIELD_KEYS,
  readVideoFilters,
  searchFormFromFilters,
  videoFiltersFromForm,
  videoFiltersToSearchParams,
  type SortField,
  type SortType,
  type VideoSearchForm as SearchForm,
} from '../video-filters';

type VideoSearchFormProps = {
  /** 'inline' for the top bar, 'stacked' for the small-screen overlay. */
  layout?: 'inline' | 'stacked';
  onSearched?: () => void;
  autoFocus?: boolean;
};

/**
 * Search text, channel name and sort; Enter searches and opens /home with the filters (SPEC §2, §5).
 * A form action reading the form's fields: a search sent before the app's code arrived is made once
 * it has (React replays the submit with what was typed).
 */
export function VideoSearchForm({ layout = 'inline', onSearched, autoFocus }: VideoSearchFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const onHome = location.pathname === '/home';
  // null: the panel follows the focus (open while the form has it, by CSS too before the code
  // arrives); true/false: opened or closed with the Filters button or Escape.
  const [filtersOpen, setFiltersOpen] = useState<boolean | null>(null);
  const [focused, setFocused] = useState(false);
  const [form, setForm] = useState<SearchForm>(() =>
    searchFormFromFilters(onHome ? readVideoFilters(new URLSearchParams(location.search)) : {}),
  );

  // Keep the fields in step with the home URL (back/forward, links with filters).
  useEffect(() => {
    if (onHome) setForm(searchFormFromFilters(readVideoFilters(new URLSearchParams(location.search))));
  }, [onHome, location.search]);

  async function search(data: FormData) {
    const text = (name: string) => String(data.get(name) ?? '');
    const sortBy = SORT_FIELDS.find((field) => field === text('sortBy')) ?? '';
    const sent: SearchForm = {
      query: text('query'),
      name: text('name'),
      sortBy,
      sortType: text('sortType') === 'asc' ? 'asc' : ('desc' satisfies SortType),
    };
    setForm(sent);
    const params = videoFiltersToSearchParams(videoFiltersFromForm(sent)).toString();
    await navigate({ pathname: '/home', search: params ? `?${params}` : '' });
    onSearched?.();
  }

  // Enter on the sort select searches too; text inputs submit natively.
  function handleKeyDown(event: KeyboardEvent<HTMLSelectElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  const stacked = layout === 'stacked';
  const sortChosen = form.sortBy !== '';
  const descending = form.sortType === 'desc';
  // The overlay (a dialog of its own) shows the filters at once; the top bar keeps one search box
  // and opens them in a panel below it (Filters, or focusing the box; Escape or leaving the form
  // closes it). Closed, the panel's fields are still sent with the search.
  const panelShown = stacked || (filtersOpen ?? focused);
  const activeFilters = (form.name.trim() ? 1 : 0) + (sortChosen ? 1 : 0);
  const labelClasses = 'text-sm font-medium';
  return (
    <form
      role="search"
      aria-label={t('videoSearch.label')}
      action={search}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && panelShown && !stacked) {
          e.stopPropagation();
          setFiltersOpen(false);
        }
      }}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
        setFocused(false);
        setFiltersOpen(null);
      }}
      className={stacked ? 'flex flex-col gap-3' : 'relative flex w-full max-w-2xl items-center gap-2'}
    >
      <label htmlFor={`${id}-query`} className="sr-only">
        {t('videoSearch.searchVideos')}
      </label>
      <input
        id={`${id}-query`}
        type="search"
        name="query"
        placeholder={t('videoSearch.searchVideos')}
        autoFocus={autoFocus}
        onFocus={() => setFiltersOpen(null)}
        value={form.query}
        onChange={(e) => setForm((f) => ({ ...f, query: e.target.value }))}
        className={`${inputClasses} h-10 ${stacked ? '' : 'min-w-0 flex-1 rounded-full px-4'}`}
      />
      {stacked ? null : (
        <Button
          variant="secondary"
          aria-expanded={panelShown}
          aria-controls={`${id}-filters`}
          onClick={() => setFiltersOpen(filtersOpen !== true)}
          className="shrink-0"
        >
          {activeFilters > 0 ? t('videoSearch.filtersCount', { n: activeFilters }) : t('videoSearch.filters')}
        </Button>
      )}
      {stacked ? null : (
        <Button type="submit" variant="secondary" size="icon" aria-label={t('videoSearch.search')} className="shrink-0">
          <SearchIcon />
        </Button>
      )}
      <div
        id={`${id}-filters`}
        role="group"
        aria-label={t('videoSearch.filters')}
        data-open={stacked || filtersOpen === null ? undefined : String(filtersOpen)}
        className={
          stacked
            ? 'flex flex-col gap-3'
            : 'streamhub-filters absolute top-full end-0 z-40 mt-2 w-80 max-w-[calc(100vw-2rem)] flex-col gap-3 rounded-xl border border-line bg-panel p-4 shadow-lg'
        }
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-name`} className={labelClasses}>
            {t('videoSearch.channelName')}
          </label>
          <input
            id={`${id}-name`}
            type="text"
            name="name"
            value={form.name}
            onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
            className={`${inputClasses} h-10`}
          />
        </div>
        <input type="hidden" name="sortType" value={form.sortType} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-sort`} className={labelClasses}>
            {t('videoSearch.sortBy')}
          </label>
          <div className="flex items-center gap-2">
            <select
              id={`${id}-sort`}
              name="sortBy"
              value={form.sortBy}
              onKeyDown={handleKeyDown}
              onChange={(e) => setForm((f) => ({ ...f, sortBy: e.target.value as SortField | '' }))}
              className={`${inputClasses} h-10 flex-1`}
            >
              <option value="">{t('videoSearch.notSorted')}</option>
              {SORT_FIELDS.map((field) => (
                <option key={field} value={field}>
                  {t(SORT_FIELD_KEYS[field])}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              size="icon"
              disabled={!sortChosen}
              aria-label={descending ? t('videoSearch.sortDescending') : t('videoSearch.sortAscending')}
              title={
                sortChosen
                  ? descending
                    ? t('videoSearch.toAscending')
                    : t('videoSearch.toDescending')
                  : t('videoSearch.chooseFieldFirst')
              }
              onClick={() => setForm((f) => ({ ...f, sortType: f.sortType === 'desc' ? 'asc' : 'desc' }))}
              className="shrink-0"
            >
              {descending ? <SortDescIcon /> : <SortAscIcon />}
            </Button>
          </div>
        </div>
        <Button type="submit" variant="primary" aria-label={stacked ? undefined : t('videoSearch.apply')}>
          {stacked ? (
            <>
              <SearchIcon />
              {t('videoSearch.search')}
            </>
          ) : (
            t('videoSearch.apply')
          )}
        </Button>
      </div>
    </form>
  );
}
