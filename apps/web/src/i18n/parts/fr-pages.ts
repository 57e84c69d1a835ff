import type { Catalogue } from '../catalogue';

/** French texts of the same part as en-pages.ts, with the same keys. */
export const frPages = {} satisfies Catalogue;
