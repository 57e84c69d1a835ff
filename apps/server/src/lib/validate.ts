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
  const name = first.field.split('.').filter((part) => part !== 'body' && part !== 'params' && part !== 'querystring');
  const label = name.join('.') || 'input';
  if (/received undefined$/.test(first.problem)) return `${label.charAt(0).toUpperCase()}${label.slice(1)} is required`;
  if (first.problem.startsWith('Invalid input')) return `Invalid ${label}: ${first.problem.replace(/^Invalid input:?\s*/, '')}`;
  return first.problem;
}

/** Multipart fields are validated with the same contract schemas as JSON bodies. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({ field: i.path.join('.'), problem: i.message }));
  throw new BadInput(describeProblems(details), details);
}
