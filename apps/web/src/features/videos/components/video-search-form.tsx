import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SORT_FIELDS } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { SearchIcon, SortAscIcon, SortDescIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/text-field';
import {
  SORT_FIELD_LABELS,
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
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const onHome = location.pathname === '/home';
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
  return (
    <form
      role="search"
      aria-label="Video search"
      action={search}
      className={stacked ? 'flex flex-col gap-3' : 'flex w-full max-w-3xl items-center gap-2'}
    >
      <label htmlFor={`${id}-query`} className="sr-only">
        Search videos
      </label>
      <input
        id={`${id}-query`}
        type="search"
        name="query"
        placeholder="Search videos"
        autoFocus={autoFocus}
        value={form.query}
        onChange={(e) => setForm((f) => ({ ...f, query: e.target.value }))}
        className={`${inputClasses} h-10 ${stacked ? '' : 'min-w-0 flex-[2] rounded-full px-4'}`}
      />
      <label htmlFor={`${id}-name`} className="sr-only">
        Channel name
      </label>
      <input
        id={`${id}-name`}
        type="text"
        name="name"
        placeholder={stacked ? 'Channel name' : 'Channel'}
        value={form.name}
        onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
        className={`${inputClasses} h-10 ${stacked ? '' : 'min-w-0 flex-1 rounded-full px-4'}`}
      />
      <input type="hidden" name="sortType" value={form.sortType} />
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-sort`} className="sr-only">
          Sort by
        </label>
        <select
          id={`${id}-sort`}
          name="sortBy"
          value={form.sortBy}
          onKeyDown={handleKeyDown}
          onChange={(e) => setForm((f) => ({ ...f, sortBy: e.target.value as SortField | '' }))}
          className={`${inputClasses} h-10 ${stacked ? 'flex-1' : 'w-28 rounded-full'}`}
        >
          <option value="">Sort by</option>
          {SORT_FIELDS.map((field) => (
            <option key={field} value={field}>
              {SORT_FIELD_LABELS[field]}
            </option>
          ))}
        </select>
        <Button
          variant="secondary"
          size="icon"
          disabled={!sortChosen}
          aria-label={descending ? 'Sort descending' : 'Sort ascending'}
          title={
            sortChosen
              ? descending
                ? 'Descending: switch to ascending'
                : 'Ascending: switch to descending'
              : 'Choose a sort field first'
          }
          onClick={() => setForm((f) => ({ ...f, sortType: f.sortType === 'desc' ? 'asc' : 'desc' }))}
          className="shrink-0"
        >
          {descending ? <SortDescIcon /> : <SortAscIcon />}
        </Button>
        <Button
          type="submit"
          variant={stacked ? 'primary' : 'secondary'}
          size={stacked ? 'md' : 'icon'}
          aria-label="Search"
          className="shrink-0"
        >
          <SearchIcon />
          {stacked ? 'Search' : null}
        </Button>
      </div>
    </form>
  );
}
