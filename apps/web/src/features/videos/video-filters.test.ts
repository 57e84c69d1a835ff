import { describe, expect, it } from 'vitest';
import {
  readVideoFilters,
  searchFormFromFilters,
  videoFiltersFromForm,
  videoFiltersToSearchParams,
  type VideoSearchForm,
} from './video-filters';

const form = (patch: Partial<VideoSearchForm>): VideoSearchForm => ({
  query: '',
  name: '',
  sortBy: '',
  sortType: 'desc',
  ...patch,
});
const toQueryString = (f: VideoSearchForm) => videoFiltersToSearchParams(videoFiltersFromForm(f)).toString();

describe('search → home URL (SPEC §5)', () => {
  it('sends the query only when non-blank after trimming', () => {
    expect(toQueryString(form({ query: '   ' }))).toBe('');
    expect(toQueryString(form({ query: '  cats ' }))).toBe('query=cats');
  });

  it('sends the channel name only when non-empty', () => {
    expect(toQueryString(form({ name: '' }))).toBe('');
    expect(toQueryString(form({ name: 'ann' }))).toBe('name=ann');
  });

  it('sends sortType only with sortBy, desc by default', () => {
    expect(toQueryString(form({ sortType: 'asc' }))).toBe('');
    expect(toQueryString(form({ sortBy: 'views' }))).toBe('sortBy=views&sortType=desc');
    expect(toQueryString(form({ sortBy: 'likes', sortType: 'asc' }))).toBe('sortBy=likes&sortType=asc');
  });

  it('combines everything', () => {
    expect(toQueryString(form({ query: 'a b', name: 'Ann', sortBy: 'duration', sortType: 'asc' }))).toBe(
      'query=a+b&name=Ann&sortBy=duration&sortType=asc',
    );
  });
});

describe('home URL → filters', () => {
  it('reads filters and page, dropping unknown values', () => {
    expect(readVideoFilters(new URLSearchParams('query=cats&name=ann&sortBy=views&sortType=asc&page=3'))).toEqual({
      query: 'cats',
      name: 'ann',
      sortBy: 'views',
      sortType: 'asc',
      page: 3,
    });
    expect(readVideoFilters(new URLSearchParams('sortBy=rating&sortType=asc&page=-2&query=%20'))).toEqual({ page: 1 });
    expect(readVideoFilters(new URLSearchParams('sortBy=likes'))).toEqual({ page: 1, sortBy: 'likes', sortType: 'desc' });
  });

  it('round-trips through the search form', () => {
    const filters = readVideoFilters(new URLSearchParams('query=cats&sortBy=views&sortType=asc'));
    expect(searchFormFromFilters(filters)).toEqual({ query: 'cats', name: '', sortBy: 'views', sortType: 'asc' });
  });
});
