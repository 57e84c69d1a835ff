import { lazy, type ComponentType } from 'react';

// Same constraint as React.lazy itself; props are still checked where the result is rendered.
type AnyComponent = ComponentType<any>;

/**
 * A React Router `lazy` route for a module with a named page export: the router loads every
 * matched route module in parallel before it renders them, so a layout and its page never load
 * one after the other and never suspend.
 */
export function lazyRoute<M extends Record<K, AnyComponent>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/**
 * React.lazy for modules with named exports, e.g. `lazyComponent(() => import('./player-menu'), 'PlayerMenu')`.
 * Used for heavy, rarely needed parts inside a page (drawers, overlays); pages use lazyRoute.
 */
export function lazyComponent<M extends Record<K, AnyComponent>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
