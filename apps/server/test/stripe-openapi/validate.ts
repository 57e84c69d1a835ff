import fs from 'node:fs';
import path from 'node:path';

/**
 * The Stripe stand-in's check of every request against Stripe's published OpenAPI document, as
 * extracted into `operations.json` (extract.ts): the path and method must be an operation of the
 * document, and every parameter, form-encoded and nested (`line_items[0][price_data][currency]`),
 * must be one the document declares, of its type (string, integer, boolean, enum, maximum
 * length, object, array, `anyOf`), with the required ones present. A refusal is what Stripe
 * answers: `{error: {type: 'invalid_request_error', message, param}}`.
 */
type Schema = {
  $ref?: string;
  type?: string;
  anyOf?: Schema[];
  enum?: unknown[];
  maxLength?: number;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  nullable?: boolean;
};

export interface StripeOperation {
  method: string;
  path: string;
  query: Record<string, Schema>;
  body: Schema | null;
  response: { schema: string; required: string[]; types: Record<string, string[]> };
}

export interface StripeExtract {
  source: string;
  version: string;
  operations: StripeOperation[];
  components: Record<string, Schema>;
}

export const stripeExtract: StripeExtract = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'operations.json'), 'utf8'),
) as StripeExtract;

/** A request the document refuses: Stripe's status, message and the parameter at fault. */
export class InvalidRequest extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const routes = stripeExtract.operations.map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** The document's operation for this method and path, or Stripe's 404 "Unrecognized request URL". */
export function operationOf(method: string, pathname: string): StripeOperation {
  const found = routes.find((r) => r.op.method === method && r.pattern.test(pathname));
  if (!found) throw new InvalidRequest(404, `Unrecognized request URL (${method}: ${pathname}).`);
  return found.op;
}

const resolve = (s: Schema): Schema =>
  s.$ref ? resolve(stripeExtract.components[s.$ref.replace('#/components/schemas/', '')] ?? {}) : s;

const isNode = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks one value (a form string, or a node of nested keys) against its schema; `name` as the form writes it. */
function check(schema: Schema, value: unknown, name: string): void {
  const s = resolve(schema);
  if (s.anyOf) {
    const problems: InvalidRequest[] = [];
    for (const alternative of s.anyOf) {
      try {
        check(alternative, value, name);
        return;
      } catch (err) {
        if (!(err instanceof InvalidRequest)) throw err;
        problems.push(err);
      }
    }
    // The alternative of the value's own kind explains best (a node for an object, else a scalar).
    const kind = isNode(value) ? ['object', 'array'] : ['string', 'integer', 'number', 'boolean'];
    const i = s.anyOf.findIndex((a) => kind.includes(resolve(a).type ?? ''));
    throw problems[i >= 0 ? i : 0]!;
  }
  switch (s.type) {
    case 'object': {
      if (!isNode(value)) throw new InvalidRequest(400, `Invalid object: ${name}`, name);
      const props = s.properties ?? {};
      for (const [key, v] of Object.entries(value)) {
        const child = name ? `${name}[${key}]` : key;
        const declared = props[key];
        if (declared) check(declared, v, child);
        else if (isNode(s.additionalProperties)) check(s.additionalProperties, v, child);
        else if (s.additionalProperties !== true) throw new InvalidRequest(400, `Received unknown parameter: ${child}`, child);
      }
      for (const key of s.required ?? []) {
        if (!(key in value)) {
          const child = name ? `${name}[${key}]` : key;
          throw new InvalidRequest(400, `Missing required param: ${child}.`, child);
        }
      }
      return;
    }
    case 'array': {
      if (!isNode(value) || !Object.keys(value).every((k) => /^\d+$/.test(k)))
        throw new InvalidRequest(400, `Invalid array: ${name}`, name);
      for (const [i, item] of Object.entries(value)) check(s.items ?? {}, item, `${name}[${i}]`);
      return;
    }
    case 'string':
      if (typeof value !== 'string') throw new InvalidRequest(400, `Invalid string: ${name}`, name);
      if (s.enum && !s.enum.includes(value))
        throw new InvalidRequest(400, `Invalid ${name}: must be one of ${s.enum.join(', ')}`, name);
      if (s.maxLength !== undefined && value.length > s.maxLength)
        throw new InvalidRequest(400, `Invalid ${name}: must be at most ${s.maxLength} characters`, name);
      return;
    case 'integer':
      if (typeof value !== 'string' || !/^-?\d+$/.test(value)) throw new InvalidRequest(400, `Invalid integer: ${value}`, name);
      return;
    case 'number':
      if (typeof value !== 'string' || !Number.isFinite(Number(value)) || value.trim() === '')
        throw new InvalidRequest(400, `Invalid decimal: ${String(value)}`, name);
      return;
    case 'boolean':
      if (value !== 'true' && value !== 'false') throw new InvalidRequest(400, `Invalid boolean: ${String(value)}`, name);
      return;
    default:
      // No type declared: anything.
      return;
  }
}

/**
 * Validates a request's parameters: a POST's form body against the operation's body schema, a
 * GET's or DELETE's query string (where the SDK puts them) against its query parameters and
 * body schema together.
 */
export function validateRequest(op: StripeOperation, params: Record<string, unknown>): void {
  const body = op.body ? resolve(op.body) : { type: 'object', properties: {} };
  const schema: Schema =
    op.method === 'POST'
      ? body
      : { type: 'object', properties: { ...op.query, ...(body.properties ?? {}) }, additionalProperties: false };
  check({ additionalProperties: false, ...schema }, params, '');
}

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Where an answer departs from the document: a required top-level field missing, or one of another type. */
export function responseProblems(op: StripeOperation, answer: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const field of op.response.required) {
    if (!(field in answer)) problems.push(`${op.response.schema}.${field} is missing`);
  }
  for (const [field, value] of Object.entries(answer)) {
    const types = op.response.types[field];
    if (!types || types.length === 0) continue;
    if (!types.includes(typeOf(value)))
      problems.push(`${op.response.schema}.${field} is ${typeOf(value)}, not ${types.join(' | ')}`);
  }
  return problems;
}

/**
 * The answer with every required top-level field the stand-in does not model filled as the
 * document allows (null where nullable, else an empty value of its type): what the provider reads
 * is set by the stand-in itself; the rest only has the document's shape.
 */
export function completeResponse(op: StripeOperation, answer: Record<string, unknown>): Record<string, unknown> {
  const out = { ...answer };
  for (const field of op.response.required) {
    if (field in out) continue;
    const types = op.response.types[field] ?? [];
    out[field] = types.includes('null')
      ? null
      : types[0] === 'string'
        ? ''
        : types[0] === 'number'
          ? 0
          : types[0] === 'boolean'
            ? false
            : types[0] === 'array'
              ? []
              : {};
  }
  return out;
}
