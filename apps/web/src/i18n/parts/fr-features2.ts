import type { Catalogue } from '../catalogue';

/** French texts of the same part as en-features2.ts, with the same keys. */
export const frFeatures2 = {} satisfies Catalogue;
