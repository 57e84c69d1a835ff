import type { z } from 'zod';
import { BadInput } from './errors.ts';

/** Multipart fields are validated with the same contract schemas as JSON bodies. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({ field: i.path.join('.'), problem: i.message }));
  const first = details[0];
  throw new BadInput(first ? `${first.problem}` : 'Invalid input', details);
}
