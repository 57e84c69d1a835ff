/**
 * Money is integer minor units (cents) everywhere it is stored or added up; the API and the
 * screens show currency units. These two are the only conversions between them.
 */
export const MINOR_UNITS_PER_UNIT = 100;

/** Currency units (as a client sends them, e.g. 4.99) → integer minor units (499). */
export const toMinorUnits = (amount: number): number => Math.round(amount * MINOR_UNITS_PER_UNIT);

/** Integer minor units → currency units, the API's money format (null → 0). */
export const toAmount = (minor: number | null | undefined): number => (minor ?? 0) / MINOR_UNITS_PER_UNIT;
