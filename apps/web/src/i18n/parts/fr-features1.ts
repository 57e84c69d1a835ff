import type { Catalogue } from '../catalogue';

/** French texts of the same part as en-features1.ts, with the same keys. */
export const frFeatures1 = {} satisfies Catalogue;
