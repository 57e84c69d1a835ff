import { z } from 'zod';

/**
 * Text fields never carry control characters: PostgreSQL text cannot hold NUL, and the others
 * (escape sequences, bells, C1 controls) are never meant by a person typing. Every text field of
 * the contract is built from one of these, so a new field gets the rule by construction.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- as above
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/** Read after the field's name: "Title must not contain control characters" (server lib/validate.ts). */
export const CONTROL_MESSAGE = 'must not contain control characters';
/**
 * A lone UTF-16 surrogate (JSON may carry `\udd7c`) is no character: it cannot be stored as UTF-8
 * (the driver writes U+FFFD in its place, so two different words became one and a unique list broke).
 */
const LONE_SURROGATE = /\p{Cs}/u;
export const SURROGATE_MESSAGE = 'must be valid Unicode text';
const wellFormed = (s: string) => !LONE_SURROGATE.test(s);

/** A one-line text (names, titles, identifiers, search words): no control characters at all. */
type StringParams = Parameters<typeof z.string>[0];

export const singleLineText = (params?: StringParams) =>
  z
    .string(params)
    .refine((s) => !ANY_CONTROL.test(s), { message: CONTROL_MESSAGE, abort: true })
    .refine(wellFormed, { message: SURROGATE_MESSAGE, abort: true });

/** A text that may span lines (descriptions, comments, posts): tab, LF and CR allowed. */
export const multiLineText = (params?: StringParams) =>
  z
    .string(params)
    .refine((s) => !CONTROL_EXCEPT_LINE_BREAKS.test(s), { message: CONTROL_MESSAGE, abort: true })
    .refine(wellFormed, { message: SURROGATE_MESSAGE, abort: true });

/** A secret typed by a person (passwords): anything but NUL, which no system stores. */
export const secretText = (params?: StringParams) =>
  z.string(params).refine((s) => !s.includes('\u0000'), { message: CONTROL_MESSAGE, abort: true });

/** True when `s` holds a character no text field accepts, even a multi-line one. */
export const hasForbiddenControl = (s: string): boolean => CONTROL_EXCEPT_LINE_BREAKS.test(s);
