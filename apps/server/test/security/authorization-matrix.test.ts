import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestContext, type TestContext } from '../support.ts';
import { routeMatrix, type RouteEntry } from './route-matrix.ts';
import { CALLERS, createCast, fillPath, mutatingRoutes, send, type Caller } from './scene.ts';

// Every state-changing route of the built app × anonymous / another user / the owner, the
// cross-site guard on each of them, and forwarded headers from untrusted and trusted peers.

// Owners get many factory videos and unfinished uploads here: the upload quota and caps must not be what answers.
const ctx = await createTestContext({ UPLOAD_LIMIT_DEFAULT: '1000', UPLOADS_UNFINISHED_MAX: '1000' });
// The same app behind a trusted proxy: app.inject's peer address is 127.0.0.1.
const proxied = await createTestContext({
  TRUST_PROXY: 'loopback',
  UPLOAD_LIMIT_DEFAULT: '1000',
  UPLOADS_UNFINISHED_MAX: '1000',
});
const casts = new Map([
  [ctx, await createCast(ctx)],
  [proxied, await createCast(proxied)],
]);

const ORIGIN = 'http://app.test:3000';
/** What a browser sends with a same-origin fetch from the web app. */
const SAME_ORIGIN = { host: 'app.test:3000', origin: ORIGIN, 'sec-fetch-site': 'same-origin' };
/** Behind a proxy: the public origin arrives in X-Forwarded-*, the Host is the app's own address. */
const FORWARDED = {
  host: '10.0.0.5:3000',
  origin: 'https://videos.example.com',
  'x-forwarded-host': 'videos.example.com',
  'x-forwarded-proto': 'https',
  'sec-fetch-site': 'same-origin',
};
const CROSS_SITE: [string, Record<string, string>][] = [
  ['Origin: null', { host: 'app.test:3000', origin: 'null' }],
  ['a foreign origin', { host: 'app.test:3000', origin: 'https://evil.example' }],
  ['a sibling subdomain', { host: 'app.test:3000', origin: 'http://cdn.app.test:3000', 'sec-fetch-site': 'same-site' }],
  ['a scheme mismatch', { host: 'app.test:3000', origin: 'https://app.test:3000' }],
  ['a port mismatch', { host: 'app.test:3000', origin: 'http://app.test:4000' }],
  ['Sec-Fetch-Site: same-site', { host: 'app.test:3000', 'sec-fetch-site': 'same-site' }],
  ['Sec-Fetch-Site: cross-site', { host: 'app.test:3000', 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site: none (typed or bookmarked URL)', { host: 'app.test:3000', 'sec-fetch-site': 'none' }],
  ['same-origin claimed with a foreign Origin', { ...SAME_ORIGIN, origin: 'https://evil.example' }],
  ['two Origin headers', { host: 'app.test:3000', origin: `${ORIGIN}, https://evil.example` }],
  ['X-Forwarded-* from an untrusted peer', FORWARDED],
];

const routes = mutatingRoutes(ctx.app);
const entries = new Map(routeMatrix.map((e) => [e.route, e]));

/** One request of `entry` by `caller` on `on`, with a fresh scene (setup, sessions). */
async function call(on: TestContext, key: string, entry: RouteEntry, caller: Caller, headers: Record<string, string>) {
  const [method, pattern] = key.split(' ') as [string, string];
  const scene = await casts.get(on)!.scene(caller, entry.ownerRole);
  const params = entry.setup ? await entry.setup(scene) : {};
  const request = async (extra: Record<string, string>) => {
    const body = entry.body ? await entry.body(scene, params) : undefined;
    return send(on, method, fillPath(pattern, params), body, scene.caller?.cookie, extra);
  };
  return { res: await request(headers), again: request };
}

function expectEnvelope(res: LightMyRequestResponse, status: number, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(status);
  // tus answers success in its protocol (201 + Location, 204 + Upload-Offset), never a body.
  if (res.headers['tus-resumable'] && status < 400) return;
  expect(res.json(), what).toMatchObject({ statusCode: status, success: status < 400 });
}

it('the app has state-changing routes, and every matrix entry names one of them', () => {
  expect(routes.length).toBeGreaterThan(10);
  const keys = new Set(routes.map((r) => r.key));
  const stale = routeMatrix.map((e) => e.route).filter((route) => !keys.has(route));
  expect(stale, 'matrix entries for routes the app does not have').toEqual([]);
  console.info(`authorization matrix: ${routes.length} state-changing routes`);
});

describe.each(routes.map((r) => r.key))('%s', (key) => {
  const entry = entries.get(key);

  it('has an entry in test/security/route-matrix.ts', () => {
    if (!entry) {
      throw new Error(
        `${key} changes state but has no entry in apps/server/test/security/route-matrix.ts: ` +
          'add one with its setup, a valid body and the status of each caller',
      );
    }
  });
  if (!entry) return;

  it.each(CALLERS)('%s', async (caller) => {
    const { res } = await call(ctx, key, entry, caller, SAME_ORIGIN);
    expectEnvelope(res, entry.expect[caller], `${key} as ${caller}`);
  });

  it('refuses every cross-site variant before acting; the same request same-origin still works', async () => {
    const { res: first, again } = await call(ctx, key, entry, 'owner', CROSS_SITE[0]![1]);
    const refusals = [first];
    for (const [, headers] of CROSS_SITE.slice(1)) refusals.push(await again(headers));
    refusals.forEach((res, i) => {
      expectEnvelope(res, 403, `${key}, ${CROSS_SITE[i]![0]}`);
      expect(res.json().data).toBe('Cross-site request refused');
    });
    // Nothing was done by the refused requests: the owner's same-origin request finds everything in place.
    expectEnvelope(await again(SAME_ORIGIN), entry.expect.owner, `${key} same-origin after the refusals`);
  });

  it('takes the origin from X-Forwarded-* only when the peer is a trusted proxy', async () => {
    const { res } = await call(proxied, key, entry, 'anonymous', FORWARDED);
    expectEnvelope(res, entry.expect.anonymous, `${key} behind a trusted proxy`);
  });

  it('lets a client without browser headers (curl, a server) through to the usual answer', async () => {
    const { res } = await call(ctx, key, entry, 'anonymous', {});
    expectEnvelope(res, entry.expect.anonymous, `${key} without Origin or Sec-Fetch-Site`);
  });
});
