import { startTransition, useEffect, useState } from 'react';

/**
 * A value only the browser knows (what it can play, say): `initial` in the first render, the
 * server's and hydration's alike (they must match), then `read()` once mounted, in a transition.
 * (useSyncExternalStore with a server snapshot re-renders synchronously after hydration when the
 * two differ: inside React's effects of the take-over, a long task on a phone.) `read` must be
 * stable (a module's function).
 */
export function useBrowserValue<T>(read: () => T, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    startTransition(() => setValue(read()));
  }, [read]);
  return value;
}
