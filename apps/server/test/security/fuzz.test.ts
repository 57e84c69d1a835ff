import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestContext } from '../support.ts';
import { routeMatrix } from './route-matrix.ts';
import { appRoutes, createCast, type AppRoute, type Scene } from './scene.ts';

// Property-based fuzzing of every API and media route from the app's route table: path params,
// query parameters and bodies built from the route's own schemas (JSON body and querystring zod
// schemas; multipart fields from the matrix entries), filled with hostile values. Whatever
// arrives, no answer is a 5xx, and every error is the envelope without stack traces, SQL or paths.
// Runs are bounded per route; FUZZ_RUNS and FUZZ_SEED override them (the seed of a failure is printed).

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const ctx = await createTestContext({ UPLOAD_LIMIT_DEFAULT: '1000', UPLOADS_UNFINISHED_MAX: '1000' });
const cast = await createCast(ctx);
const SAME_ORIGIN = { host: 'app.test', origin: 'http://app.test', 'sec-fetch-site': 'same-origin' };

let cases = 0;
afterAll(() => console.info(`fuzz: ${cases} requests over ${routes.length} routes (${RUNS} runs each)`));

// ---- hostile values -------------------------------------------------------------------------

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  '\u202e',
  '\ud800',
  'a\udfffb',
  '\ufeff',
  '💥🎬',
  'null',
  'undefined',
  'true',
  '-1',
  '0',
  '1e400',
  '-9007199254740993',
  'NaN',
  'Infinity',
  '0x10',
  '$ne',
  '{"$ne":null}',
  '__proto__',
  'constructor',
  'prototype',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  'file:///etc/passwd',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '%00',
  '%E0%A4%A',
  '0190a5f0-0000-7000-8000-000000000000',
  '00000000-0000-0000-0000-000000000000',
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => `x${String.fromCharCode(c)}y`);
const hugeString = fc.integer({ min: 1000, max: 100_000 }).map((n) => 'A'.repeat(n));
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 1, arbitrary: hugeString },
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double(),
      fc.constantFrom(-1, 0, 2 ** 53 + 1, Number.MAX_VALUE, -Number.MAX_VALUE, 1e308),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: hostileString.map((v) => ({ $ne: v })) },
  { weight: 1, arbitrary: fc.constantFrom({ $gt: '' }, JSON.parse('{"__proto__":{"admin":true}}') as object, {}, [[]]) },
);

/** Percent-encodes every UTF-8 byte (lone surrogates become U+FFFD, as a browser would send them). */
const pct = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
/** Raw path segments: some valid, some already (badly) percent-encoded. */
const rawSegment = (valid: string) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(valid) },
    { weight: 4, arbitrary: hostileString.filter((s) => s.length < 1200).map(pct) },
    { weight: 1, arbitrary: fc.constantFrom('%E0%A4%A', '%ff%fe', '..', '%2e%2e', '.', '%2F', 'a%00b') },
  );

// ---- requests built from each route's schemas -----------------------------------------------

type Fuzzed = { url: string; payload?: string | Buffer; headers: Record<string, string> };

const shapeOf = (schema: unknown): Record<string, unknown> =>
  ((schema as z.ZodObject | undefined)?.shape as Record<string, unknown> | undefined) ?? {};

const RAW_BODIES = [
  '{"__proto__":{"admin":true},"content":"x","fullname":"x"}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '[]',
  '"text"',
  '42',
  'null',
  '{"content":',
  '{"a":1,"a":2}',
  '\u0000',
];

function jsonBody(keys: string[]): fc.Arbitrary<string> {
  const record = fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), { requiredKeys: [] }).chain((known) =>
    fc
      .dictionary(
        hostileString.filter((k) => k.length < 30),
        hostileValue,
        { maxKeys: 2 },
      )
      .map((extra) => ({ ...extra, ...known })),
  );
  return fc.oneof(
    { weight: 6, arbitrary: record.map((o) => JSON.stringify(o)) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
    { weight: 1, arbitrary: hostileValue.map((v) => JSON.stringify(v) ?? 'null') },
  );
}

function multipartBody(fields: string[], files: string[]): fc.Arbitrary<{ payload: Buffer; type: string }> {
  const boundary = '----fuzzboundary7MA4YWxk';
  return fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((k) => [k, hostileString.filter((s) => s.length < 100_000)])), {
        requiredKeys: [],
      }),
      fc.subarray(files),
      fc.uint8Array({ maxLength: 2048 }),
      fc.constantFrom('clip.mp4', 'a.png', '../../evil.mp4', 'x\u0000.mp4', '%00.m3u8', ''),
    )
    .map(([values, fileFields, bytes, filename]) => {
      const parts: Buffer[] = [];
      for (const [k, v] of Object.entries(values)) {
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
      }
      for (const f of fileFields) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${f}"; filename="${filename}"\r\nContent-Type: video/mp4\r\n\r\n`,
          ),
          Buffer.from(bytes),
          Buffer.from('\r\n'),
        );
      }
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
    });
}

/** Valid values for a route's path params, so the fuzzed body and query reach the handler too. */
async function validParams(route: AppRoute, scene: Scene): Promise<Record<string, string>> {
  const entry = routeMatrix.find((e) => e.route === route.key);
  const params = entry?.setup ? await entry.setup(scene) : {};
  for (const [, name] of route.url.matchAll(/:(\w+)/g))
    params[name!] ??= /video/i.test(name!) ? await scene.video(scene.owner.id) : scene.owner.id;
  return params;
}

function requestArb(route: AppRoute, params: Record<string, string>): fc.Arbitrary<Fuzzed> {
  const segments = route.url
    .split('/')
    .map((part) => (part.startsWith(':') ? rawSegment(params[part.slice(1)]!) : fc.constant(part)));
  const wildcard = route.url.endsWith('*')
    ? fc.oneof(
        fc.constantFrom('video.mp4', 'master.m3u8', '240p/index.m3u8', '../../../etc/passwd', '..%2f..%2fsecrets', 'a/b/c.webp'),
        hostileString.map(pct),
      )
    : fc.constant('');
  const path = fc.tuple(fc.tuple(...segments), wildcard).map(([parts, tail]) => parts.join('/').replace(/\*$/, tail));

  const queryKeys = Object.keys(shapeOf(route.route.schema?.querystring));
  const query = fc
    .array(fc.tuple(queryKeys.length ? fc.oneof(fc.constantFrom(...queryKeys), hostileString) : hostileString, hostileString), {
      maxLength: 4,
    })
    // URLs stay under the 16 KB a real server's header limit lets through.
    .map((pairs) => pairs.filter(([k, v]) => k.length + v.length < 4000))
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&')}` : ''));

  const entry = routeMatrix.find((e) => e.route === route.key);
  const bodyKeys = Object.keys(shapeOf(route.route.schema?.body));
  const consumes = (route.route.schema as { consumes?: string[] } | undefined)?.consumes ?? [];
  let body: fc.Arbitrary<{ payload?: string | Buffer; type?: string }> = fc.constant({});
  if (consumes.includes('multipart/form-data')) {
    const fields = entry?.body ? Object.keys(MULTIPART_FIELDS.get(route.key) ?? {}) : [];
    const files = [...(MULTIPART_FILES.get(route.key) ?? [])];
    body = fc.oneof(
      { weight: 5, arbitrary: multipartBody(fields, files) },
      { weight: 1, arbitrary: jsonBody(fields).map((payload) => ({ payload, type: 'application/json' })) },
      { weight: 1, arbitrary: fc.constant({ payload: '--x\r\nbroken', type: 'multipart/form-data; boundary=x' }) },
    );
  } else if (route.method !== 'GET') {
    body = fc.oneof(
      { weight: 6, arbitrary: jsonBody(bodyKeys).map((payload) => ({ payload, type: 'application/json' })) },
      { weight: 1, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: hostileString.map((payload) => ({ payload, type: 'text/plain' })) },
    );
  }
  return fc.tuple(path, query, body).map(([p, q, b]) => ({
    url: `${p}${q}`,
    payload: b.payload,
    headers: { ...SAME_ORIGIN, ...(b.type ? { 'content-type': b.type } : {}) },
  }));
}

/** Multipart fields and files of each multipart route, from its matrix entry's valid body. */
const MULTIPART_FIELDS = new Map<string, Record<string, string>>();
const MULTIPART_FILES = new Map<string, string[]>();

// ---- what every answer must look like --------------------------------------------------------

const LEAKS = [
  /\bat [\w$.<>]+ \(/, // stack frames
  /node:internal|node_modules/,
  /\.ts:\d+/,
  /\/(?:tmp|home|work|usr|var|root|etc)\//,
  /\b(?:select|insert into|update \w+ set|delete from)\b/i,
  /syntax error|violates|relation "|duplicate key|invalid input syntax|pg_|kysely/i,
  /\bstack\b/i,
];

function checkAnswer(res: LightMyRequestResponse, what: string) {
  cases += 1;
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const isJson = /^application\/json/.test(String(res.headers['content-type'] ?? ''));
  if (res.statusCode < 400) return;
  expect(isJson, `${what}: an error must be JSON`).toBe(true);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body).sort(), what).toEqual(expect.arrayContaining(['data', 'message', 'statusCode', 'success']));
  expect(
    Object.keys(body).every((k) => ['statusCode', 'data', 'message', 'success', 'details', 'reason'].includes(k)),
    what,
  ).toBe(true);
  expect(body, what).toMatchObject({ statusCode: res.statusCode, success: false, data: expect.any(String) });
  expect(body.message, what).toBe(body.data);
  for (const leak of LEAKS) expect(res.body, `${what} leaks ${leak}`).not.toMatch(leak);
}

// ---- the properties -------------------------------------------------------------------------

const routes = appRoutes(ctx.app);

// Sessions are shared by all routes (logins cost an argon2 verification each), except those that end them.
const ENDS_SESSIONS = new Set(['POST /api/users/logout', 'POST /api/users/sessions/end-all']);
const shared = { owner: await cast.scene('owner'), anonymous: await cast.scene('anonymous') };

/**
 * An event stream answers 200 and stays open (app.inject would wait for its end for ever): its
 * input (`lastEventId`, `Last-Event-ID`) and its refusals are checked in notifications.test.ts
 * and comment-streams.test.ts.
 */
const ENDLESS = new Set(['GET /api/notifications/stream', 'GET /api/comment/video/:videoId/stream']);

describe.each(routes.filter((r) => !ENDLESS.has(r.key)).map((r) => [r.key, r] as const))('%s', (_key, route) => {
  it.each(['owner', 'anonymous'] as const)('answers hostile input as %s without a 5xx or a leak', async (caller) => {
    const scene = ENDS_SESSIONS.has(route.key) ? await cast.scene(caller) : shared[caller];
    const entry = routeMatrix.find((e) => e.route === route.key);
    const params = await validParams(route, scene);
    if (entry?.body) {
      const valid = await entry.body(scene, params);
      if ('form' in valid) {
        MULTIPART_FIELDS.set(route.key, valid.form);
        MULTIPART_FILES.set(route.key, Object.keys(valid.files ?? {}));
      }
    }
    const cookie = scene.caller?.cookie;
    await fc.assert(
      fc.asyncProperty(requestArb(route, params), async (req) => {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: req.url,
          payload: req.payload,
          headers: { ...req.headers, ...(cookie ? { cookie } : {}) },
        });
        checkAnswer(res, `${route.method} ${req.url.slice(0, 200)}`);
      }),
      { numRuns: caller === 'owner' ? RUNS : Math.ceil(RUNS / 4), seed: SEED, endOnFailure: true },
    );
    // Signing out everywhere ended the shared scene's sessions of the same users too.
    if (route.key === 'POST /api/users/sessions/end-all') shared[caller] = await cast.scene(caller);
  });
});
