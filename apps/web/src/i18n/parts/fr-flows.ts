import type { Catalogue } from '../catalogue';

/** French texts of the same part as en-flows.ts, with the same keys. */
export const frFlows = {} satisfies Catalogue;
