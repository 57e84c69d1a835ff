import type { Catalogue } from '../catalogue';

/** French texts of the same part as en-money.ts, with the same keys. */
export const frMoney = {} satisfies Catalogue;
