import { useSyncExternalStore } from 'react';

/** SPEC §9 breakpoints: 768 px (search layout) and 1024 px (sidebar). Kept equal to Tailwind's md and lg. */
export const SEARCH_INLINE_QUERY = '(min-width: 768px)';
export const DESKTOP_QUERY = '(min-width: 1024px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
