import type { z } from 'zod';
import { BadInput } from './errors.ts';

export interface Problem {
  field: string;
  problem: string;
}

/**
 * One human sentence for the first problem, the text clients show: a missing field reads
 * "Email is required", a schema's own message is used as written.
 */
export function describeProblems(details: Problem[]): string {
  const first = details[0];
  if (!first) return 'Invalid input';
  const [context, ...path] = first.field.split('.');
  const parts = CONTEXTS.has(context!) ? path : [context!, ...path];
  if (parts.length === 0) return context === 'body' ? 'Expected a JSON object as the request body' : 'Invalid input';
  // newPassword → "new password"; nested paths keep their dots.
  const label = parts.join('.').replace(/([a-z])([A-Z])/g, (_m, a: string, b: string) => `${a} ${b.toLowerCase()}`);
  const Label = `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
  if (/received undefined$/.test(first.problem)) return `${Label} is required`;
  // Shared rules phrased after the field's name: "Title must not contain control characters".
  if (first.problem.startsWith('must ')) return `${Label} ${first.problem}`;
  if (first.problem.startsWith('Invalid input')) return `Invalid ${label}: ${first.problem.replace(/^Invalid input:?\s*/, '')}`;
  return first.problem;
}

const CONTEXTS = new Set(['body', 'params', 'querystring', 'headers']);

/** Multipart fields are validated with the same contract schemas as JSON bodies. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({ field: i.path.join('.'), problem: i.message }));
  throw new BadInput(describeProblems(details), details);
}
