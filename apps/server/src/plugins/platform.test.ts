import http from 'node:http';
import net from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { createTestContext, registerUser } from '../../test/support.ts';
import { staticHeaders } from './security.ts';

const ctx = await createTestContext();
const { app } = ctx;
// The same app behind a proxy on loopback, the peer address of app.inject.
const behindProxy = await createTestContext({ TRUST_PROXY: 'loopback' });
// A state-changing GET like the buy calls (API.md §11), to test the guard on its own.
app.get('/api/purchase/buy/probe/:id', async () => ({ bought: true }));

/** Sends raw bytes to the listening app and returns the raw HTTP answer. */
async function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const bodyOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));

describe('the error envelope on errors raised before any route', () => {
  it('a malformed percent-encoding in the path', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/users/channel/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 400, success: false, data: expect.any(String) });
    expect(res.json().message).toBe(res.json().data);
  });

  it('oversized headers and unparsable requests, answered by the HTTP server itself', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const huge = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(100_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(bodyOf(huge)).toMatchObject({ statusCode: 431, success: false });
    const garbage = await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(garbage)).toMatchObject({ statusCode: 400, success: false, data: expect.any(String) });
  });
});

describe('cross-site guard', () => {
  it('refuses a cross-site buy call however its path is spelled', async () => {
    for (const url of ['/api/purchase/buy/probe/1', '/api/purchase/%62uy/probe/1', '/api/purchase/buy/probe/1?x=1']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ success: false, data: 'Cross-site request refused' });
    }
    const same = await app.inject({
      method: 'GET',
      url: '/api/purchase/buy/probe/1',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('takes the forwarded host from a trusted proxy only (TRUST_PROXY)', async () => {
    const request = {
      method: 'POST' as const,
      url: '/api/users/logout',
      headers: { origin: 'https://videos.example.com', host: '10.0.0.5:3000', 'x-forwarded-host': 'videos.example.com' },
    };
    expect((await app.inject(request)).statusCode).toBe(403);
    const viaProxy = await behindProxy.app.inject({ ...request, headers: { ...request.headers, 'x-forwarded-proto': 'https' } });
    expect(viaProxy.statusCode).toBe(200);
  });
});

describe('API docs', () => {
  it('the docs page works over plain http (no upgrade-insecure-requests)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/upgrade-insecure-requests/);
  });
});

describe('authentication comes first', () => {
  it('an anonymous caller of a signed-in route gets 401 whatever its input', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/comment/video/not-an-id', { content: 1 }],
      ['PATCH', '/api/users/update_password', { oldPassword: 5 }],
      ['PATCH', '/api/users/update_details', 'not json at all'],
      ['POST', '/api/like/v/0', undefined],
    ] as const) {
      const res = await app.inject({ method, url, payload: payload as never });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false, data: 'Unauthorized request' });
    }
  });
});

describe('security headers, recorded once', () => {
  it('are what helmet itself sets on a response', () => {
    const options = { crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: { policy: 'same-site' as const } };
    const res = new http.ServerResponse(new http.IncomingMessage(new net.Socket()));
    let failed: unknown;
    helmet(options)(res.req, res, (err?: unknown) => (failed = err));
    expect(failed).toBeUndefined();
    const recorded = Object.fromEntries(staticHeaders(helmet(options)).map(([name, value]) => [name.toLowerCase(), value]));
    expect(recorded).toEqual(res.getHeaders());
    expect(Object.keys(recorded)).toContain('content-security-policy');
  });

  it('reach a list page, an error, and a reply written by tus on the raw response', async () => {
    const { cookie } = await registerUser(ctx);
    for (const [method, url, headers] of [
      ['GET', '/api/video?page=1', {}],
      ['GET', '/api/no-such-call', {}],
      ['HEAD', '/api/uploads/01234567-89ab-4def-8123-456789abcdef', { cookie, 'tus-resumable': '1.0.0' }],
    ] as const) {
      const res = await app.inject({ method, url, headers });
      const what = `${method} ${url} (${res.statusCode})`;
      // tus's own answer (no Fastify error envelope): the reply was hijacked.
      if (method === 'HEAD') expect(res.headers['tus-resumable'], what).toBe('1.0.0');
      expect(String(res.headers['content-security-policy']), what).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-resource-policy'], what).toBe('same-site');
      expect(res.headers['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['referrer-policy'], what).toBe('no-referrer');
      expect(res.headers['x-powered-by'], what).toBeUndefined();
    }
  });
});
