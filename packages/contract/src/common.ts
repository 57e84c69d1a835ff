import { z } from 'zod';

/** Ids are UUIDv7 strings; a malformed one in a path is a 400, never a 500. */
export const Id = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Invalid id');

export const Owner = z.object({
  _id: z.string(),
  fullname: z.string(),
  username: z.string(),
  avatar: z.string(),
});
export type Owner = z.infer<typeof Owner>;

/** The API.md §1 envelope around any `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ statusCode: z.number(), data, message: z.string(), success: z.boolean() });
}

/**
 * Why a request was refused, for clients to act on without reading the text: `signin` (no valid
 * session: send the user to sign in) or `purchase` (signed in, but the content must be bought).
 */
/** Why a 401: sign in, buy first, or join the channel's membership first (a members-only video, API.md §20). */
export const ErrorReason = z.enum(['signin', 'purchase', 'membership']);
export type ErrorReason = z.infer<typeof ErrorReason>;

export const ErrorEnvelope = z.object({
  statusCode: z.number(),
  data: z.string(),
  message: z.string(),
  success: z.literal(false),
  details: z.array(z.object({ field: z.string(), problem: z.string() })).optional(),
  reason: ErrorReason.optional(),
});
