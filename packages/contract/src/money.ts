import { z } from 'zod';

/**
 * Money is integer minor units (cents) everywhere it is stored or added up; the API and the
 * screens show currency units. These two are the only conversions between them.
 */
export const MINOR_UNITS_PER_UNIT = 100;

/** Currency units (as a client sends them, e.g. 4.99) → integer minor units (499). */
export const toMinorUnits = (amount: number): number => Math.round(amount * MINOR_UNITS_PER_UNIT);

/** Integer minor units → currency units, the API's money format (null → 0). */
export const toAmount = (minor: number | null | undefined): number => (minor ?? 0) / MINOR_UNITS_PER_UNIT;

/** The largest price a creator may ask, in currency units. */
export const MAX_PRICE = 1_000_000;

/** True when `amount` (currency units) is a whole number of minor units: at most two decimals. */
export const isWholeMinorUnits = (amount: number): boolean =>
  Math.abs(amount * MINOR_UNITS_PER_UNIT - Math.round(amount * MINOR_UNITS_PER_UNIT)) < 1e-6;

/**
 * A price as clients send it: a JSON number, or a numeric string (form fields); never a boolean,
 * null or array. Not negative, at most MAX_PRICE, at most two decimals. Currency units.
 */
export const priceField = (label = 'Price') =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$/, `${label} must be a number`),
      ],
      { message: `${label} must be a number` },
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .min(0, `${label} cannot be negative`)
        .max(MAX_PRICE, `${label} cannot be more than ${MAX_PRICE.toLocaleString('en-US')}`)
        .refine(isWholeMinorUnits, `${label} can have at most two decimals`),
    );
