import { lazy, type ComponentType } from 'react';

// Same constraint as React.lazy itself; props are still checked where the result is rendered.
type AnyComponent = ComponentType<any>;

/**
 * React.lazy for modules with named exports, e.g. `lazyComponent(() => import('./pages/home-page'), 'HomePage')`.
 * Used for every page and for heavy, rarely needed parts (dialogs, later the video player).
 */
export function lazyComponent<M extends Record<K, AnyComponent>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
