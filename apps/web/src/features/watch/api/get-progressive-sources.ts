import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchMediaText } from '@/lib/api-client';
import { watchKeys } from '@/lib/query-keys';
import { progressiveSources, type ProgressiveSource } from '../progressive-sources';

/**
 * The rung files a `<video>` can start on (features/watch/progressive-sources.ts), read from the
 * stream's master playlist and its rung playlists: by the server while it renders the watch page
 * (so its HTML names them), else by the browser. Empty when there are none (a live, a video still
 * processing, the old layout, media the server cannot read itself): hls.js plays from the start then.
 */
export function getProgressiveSources(hlsUrl: string, signal?: AbortSignal): Promise<ProgressiveSource[]> {
  // Media on another origin (a CDN) are not read while rendering: the renderer reaches the app only.
  if (typeof window === 'undefined' && !hlsUrl.startsWith('/')) return Promise.resolve([]);
  const origin = typeof window === 'undefined' ? 'http://render.invalid' : location.origin;
  return fetchMediaText(hlsUrl, signal).then((master) =>
    master === null ? [] : progressiveSources(master, hlsUrl, origin, (url) => fetchMediaText(url, signal)),
  );
}

export const getProgressiveSourcesQueryOptions = (hlsUrl: string | null) =>
  queryOptions({
    queryKey: watchKeys.sources(hlsUrl ?? ''),
    queryFn: ({ signal }) => getProgressiveSources(hlsUrl!, signal),
    enabled: Boolean(hlsUrl),
    // Immutable files: the same URL always names the same rungs (a refreshed token is a new URL).
    staleTime: Infinity,
    retry: false,
  });

/**
 * The progressive sources of `hlsUrl`; none for a live (its rungs grow and slide). New URLs (a
 * refreshed token) keep the previous answer until theirs comes: the player plays on meanwhile.
 */
export const useProgressiveSources = (hlsUrl: string | null, live: boolean) =>
  useQuery({ ...getProgressiveSourcesQueryOptions(live ? null : hlsUrl), placeholderData: keepPreviousData });
