/**
 * Extracts from Stripe's published OpenAPI document the operations the `stripe` provider calls,
 * into `operations.json` beside this file, which the Stripe stand-in (test/stripe-stand-in.ts)
 * validates every request against. Run by hand when the provider calls something new or the
 * document is updated (docs/decisions.md, "The Stripe stand-in"):
 *
 *   npx tsx apps/server/test/stripe-openapi/extract.ts <spec3.json or spec3.yaml> [source note]
 *   npx prettier --write apps/server/test/stripe-openapi/operations.json
 *
 * The document is Stripe's `openapi/spec3.json` (or `spec3.yaml`, the same document) from the
 * stripe/openapi repository; only the extract is kept in this repository (the document is several
 * MB). For each operation: its path template and method, its query parameters and its
 * form-encoded body schema (descriptions dropped, every `$ref` they need copied under
 * `components`), and its answer: the component schema's required top-level fields and the type
 * of each top-level field.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

/** What the provider calls (stripe-provider.ts), as the document names the paths. */
export const OPERATIONS: [method: string, path: string][] = [
  ['post', '/v1/checkout/sessions'],
  ['get', '/v1/checkout/sessions/{session}'],
  ['get', '/v1/payment_intents/{intent}'],
  ['post', '/v1/refunds'],
  ['get', '/v1/invoices/{invoice}'],
  ['post', '/v1/subscriptions/{subscription_exposed_id}'],
  ['delete', '/v1/subscriptions/{subscription_exposed_id}'],
  ['post', '/v1/accounts'],
  ['post', '/v1/account_links'],
  ['post', '/v1/transfers'],
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

function main() {
  const [file, note] = process.argv.slice(2);
  if (!file) {
    console.error('usage: extract.ts <spec3.json|spec3.yaml> [source note]');
    process.exit(2);
  }
  const text = fs.readFileSync(file, 'utf8');
  const doc = (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { maxAliasCount: -1 })) as {
    info: { version: string };
    paths: Record<string, Record<string, Schema>>;
    components: { schemas: Record<string, Schema> };
  };
  const components: Record<string, Json> = {};
  const component = (ref: string) => ref.replace('#/components/schemas/', '');

  /** A schema without its prose, each `$ref` it uses copied into `components` (once). */
  function strip(node: Json): Json {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    const out: Schema = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === 'description' || k === 'title' || k.startsWith('x-')) continue;
      if (k === '$ref' && typeof v === 'string') {
        const name = component(v);
        if (!(name in components)) {
          components[name] = null;
          components[name] = strip(doc.components.schemas[name] as Json);
        }
      }
      out[k] = strip(v);
    }
    return out;
  }

  /** A top-level field's type as a list of JSON types (a `$ref`: object; nullable adds null). */
  function typesOf(s: Schema): string[] {
    const types = new Set<string>();
    const add = (x: Schema) => {
      if (x.$ref) types.add('object');
      else if (Array.isArray(x.anyOf)) for (const a of x.anyOf) add(a as Schema);
      else if (typeof x.type === 'string') types.add(x.type === 'integer' ? 'number' : x.type);
      if (x.nullable === true) types.add('null');
    };
    add(s);
    return [...types].sort();
  }

  const operations = OPERATIONS.map(([method, template]) => {
    const op = doc.paths[template]?.[method];
    if (!op) throw new Error(`${method.toUpperCase()} ${template} is not in the document`);
    const parameters = (op.parameters ?? []) as Schema[];
    const query = Object.fromEntries(
      parameters.filter((p) => p.in === 'query').map((p) => [p.name as string, strip(p.schema as Json)]),
    );
    const content = ((op.requestBody as Schema | undefined)?.content ?? {}) as Record<string, Schema>;
    const form = content['application/x-www-form-urlencoded']?.schema ?? null;
    const answer = ((op.responses as Record<string, Schema>)['200']?.content as Record<string, Schema>)['application/json']!
      .schema as Schema;
    const name = component(answer.$ref as string);
    const schema = doc.components.schemas[name]!;
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    return {
      method: method.toUpperCase(),
      path: template,
      query,
      body: form ? strip(form) : null,
      response: {
        schema: name,
        required: (schema.required ?? []) as string[],
        types: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, typesOf(v)])),
      },
    };
  });

  const extract = {
    source: note ?? `Stripe's OpenAPI document (${path.basename(file)})`,
    version: doc.info.version,
    extractedAt: new Date().toISOString().slice(0, 10),
    operations,
    components,
  };
  const out = path.join(import.meta.dirname, 'operations.json');
  fs.writeFileSync(out, `${JSON.stringify(extract, null, 2)}\n`);
  console.log(`${out}: ${operations.length} operations of the document's version ${doc.info.version}`);
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) main();
