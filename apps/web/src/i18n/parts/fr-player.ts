import type { Catalogue } from '../catalogue';

/** French texts of the same part as en-player.ts, with the same keys. */
export const frPlayer = {} satisfies Catalogue;
