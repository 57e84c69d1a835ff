import type { Catalogue } from '../catalogue';

/** English texts of one part of the interface (keys grouped by screen; docs/languages.md). */
export const enFeatures1 = {} satisfies Catalogue;
