import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestContext } from '../support.ts';
import { routeMatrix } from './route-matrix.ts';
import { appRoutes, createCast, fillPath, send, type Body } from './scene.ts';

// Control characters (NUL first: PostgreSQL text cannot hold it, it used to be a 500) in every
// text field the API reads: the JSON and multipart bodies of every state-changing route (from the
// matrix entries), and every query parameter and path parameter of every route (from the route
// table). Each is a 400 in the error envelope; the valid request still works afterwards.

const ctx = await createTestContext({ UPLOAD_LIMIT_DEFAULT: '1000', UPLOADS_UNFINISHED_MAX: '1000' });
const cast = await createCast(ctx);
const SAME_ORIGIN = { host: 'app.test', origin: 'http://app.test', 'sec-fetch-site': 'same-origin' };

/** NUL, a C0 control (BEL), ESC (terminal escapes), DEL and a C1 control (CSI). */
const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u009b'];
/** Passwords are secrets typed by a person: everything but NUL is theirs to choose. */
const isSecret = (field: string) => /password/i.test(field);

let cases = 0;
afterAll(() => console.info(`control characters: ${cases} requests`));

/**
 * Text fields: strings, and lists of strings (their first item is tried); in a JSON body, those of
 * nested objects too, by dotted path (a passkey's credential: `credential.response.clientDataJSON`).
 */
function textFields(body: Body): string[] {
  if ('tus' in body) return []; // protocol headers and bytes, no text fields
  const walk = (values: Record<string, unknown>, prefix: string): string[] =>
    Object.entries(values).flatMap(([k, v]) => {
      if (typeof v === 'string' || (Array.isArray(v) && typeof v[0] === 'string')) return [prefix + k];
      if ('json' in body && v && typeof v === 'object' && !Array.isArray(v))
        return walk(v as Record<string, unknown>, `${prefix}${k}.`);
      return [];
    });
  return walk('json' in body ? (body.json as Record<string, unknown>) : body.form, '');
}

/** The value at a dotted path, and a copy of `values` with another value there. */
const valueAt = (values: Record<string, unknown>, field: string): unknown =>
  field.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], values);
function setAt(values: Record<string, unknown>, [key, ...rest]: string[], value: unknown): Record<string, unknown> {
  const current = values[key!];
  if (rest.length) return { ...values, [key!]: setAt(current as Record<string, unknown>, rest, value) };
  return { ...values, [key!]: Array.isArray(current) ? [value, ...current.slice(1)] : value };
}

function withValue(body: Body, field: string, value: string): Body {
  if ('tus' in body) return body;
  if ('json' in body) return { json: setAt(body.json as Record<string, unknown>, field.split('.'), value) };
  return { form: { ...body.form, [field]: value }, files: body.files };
}

/** A text field's valid value (of a list: its first item). */
const textOf = (value: unknown): string => (Array.isArray(value) ? String(value[0]) : String(value));

const expectRefused = (res: { statusCode: number; json(): unknown; body: string }, what: string, field?: string) => {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(400);
  const body = res.json() as Record<string, unknown>;
  expect(body, what).toMatchObject({ statusCode: 400, success: false, data: expect.any(String) });
  expect(body.message, what).toBe(body.data);
  if (field) expect(body.data, what).toMatch(/must not contain control characters/);
};

describe.each(routeMatrix.filter((e) => e.body))('$route', (entry) => {
  it('refuses control characters in every text field of its body', async () => {
    const [method, pattern] = entry.route.split(' ') as [string, string];
    const scene = await cast.scene('owner', entry.ownerRole);
    const params = entry.setup ? await entry.setup(scene) : {};
    const valid = await entry.body!(scene, params);
    // tus requests carry protocol headers and bytes, no text fields (their metadata: uploads.test.ts).
    if ('tus' in valid) return;
    // A body of flags only (notification settings: type → on/off) has no text to try.
    if ('json' in valid && !/:"/.test(JSON.stringify(valid.json))) return;
    const fields = textFields(valid);
    expect(fields.length + Object.keys('files' in valid ? (valid.files ?? {}) : {}).length).toBeGreaterThan(0);
    for (const field of fields) {
      for (const control of isSecret(field) ? ['\u0000'] : CONTROLS) {
        const original = textOf(valueAt('json' in valid ? (valid.json as Record<string, unknown>) : valid.form, field));
        const body = withValue(await entry.body!(scene, params), field, `${original.slice(0, 1)}${control}${original.slice(1)}`);
        const res = await send(ctx, method, fillPath(pattern, params), body, scene.owner.cookie, SAME_ORIGIN);
        cases += 1;
        expectRefused(res, `${entry.route} ${field} with U+${control.charCodeAt(0).toString(16).padStart(4, '0')}`, field);
      }
    }
    // Nothing was taken or changed by the refusals: the valid request still gets its answer.
    const res = await send(
      ctx,
      method,
      fillPath(pattern, params),
      await entry.body!(scene, params),
      scene.owner.cookie,
      SAME_ORIGIN,
    );
    expect(res.statusCode, res.body).toBe(entry.expect.owner);
  });
});

const routes = appRoutes(ctx.app);

describe.each(routes.filter((r) => r.route.schema?.querystring).map((r) => [r.key, r] as const))('%s', (_key, r) => {
  it('refuses control characters in every query parameter', async () => {
    const shape = (r.route.schema!.querystring as z.ZodObject).shape as Record<string, unknown>;
    // Staff lists refuse anyone else before reading their query: the owner is an admin there.
    const scene = await cast.scene('owner', r.url.startsWith('/api/admin/') ? 'admin' : 'user');
    const params = Object.fromEntries([...r.url.matchAll(/:(\w+)/g)].map((m) => [m[1]!, scene.owner.id]));
    if (r.url.includes(':videoId')) params.videoId = await scene.video(scene.owner.id);
    for (const name of Object.keys(shape)) {
      for (const control of CONTROLS) {
        const query = new URLSearchParams({ [name]: `a${control}b` });
        const res = await send(ctx, r.method, `${fillPath(r.url, params)}?${query}`, undefined, scene.owner.cookie);
        cases += 1;
        expectRefused(res, `${r.key} ?${name}= with U+${control.charCodeAt(0).toString(16)}`);
      }
    }
  });
});

describe.each(routes.filter((r) => r.url.includes(':')).map((r) => [r.key, r] as const))('%s', (_key, r) => {
  it('answers a control character in a path parameter with a 4xx envelope, never a 500', async () => {
    const scene = await cast.scene('owner');
    const names = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    for (const name of names) {
      for (const control of CONTROLS) {
        const params = Object.fromEntries(names.map((n) => [n, n === name ? `a${control}b` : scene.owner.id]));
        const res = await send(ctx, r.method, fillPath(r.url, params), undefined, scene.owner.cookie, SAME_ORIGIN);
        cases += 1;
        expect([400, 403, 404], `${r.key} :${name}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
        expect(res.json()).toMatchObject({ statusCode: res.statusCode, success: false, data: expect.any(String) });
      }
    }
  });
});
