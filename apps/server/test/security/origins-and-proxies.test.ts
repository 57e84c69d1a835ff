import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { isSameOriginRequest, isStateChanging, ownOrigin } from '../../src/plugins/security.ts';
import { createTestContext, registerUser } from '../support.ts';

// The origin rule and TRUST_PROXY on their own; authorization-matrix.test.ts applies them to every route.

const listed = await createTestContext({ APP_ORIGINS: 'https://videos.example.com' });
const limited = { RATE_LIMIT_LOGIN_MAX: '3' };
const direct = await createTestContext(limited);
const proxied = await createTestContext({ ...limited, TRUST_PROXY: '127.0.0.1' });

describe('the origin rule (pure)', () => {
  const app = ['http://app.test:3000'];
  it.each([
    [{}, true],
    [{ 'sec-fetch-site': 'same-origin' }, true],
    [{ 'sec-fetch-site': 'same-origin', origin: 'http://app.test:3000' }, true],
    [{ origin: 'http://app.test:3000' }, true],
    [{ 'sec-fetch-site': 'same-site' }, false],
    [{ 'sec-fetch-site': 'cross-site' }, false],
    [{ 'sec-fetch-site': 'none' }, false],
    [{ 'sec-fetch-site': ['same-origin', 'same-origin'] }, false],
    [{ origin: 'null' }, false],
    [{ origin: 'http://app.test' }, false],
    [{ origin: 'https://app.test:3000' }, false],
    [{ origin: 'http://sub.app.test:3000' }, false],
    [{ origin: 'http://app.test:3000.evil.example' }, false],
    [{ origin: ['http://app.test:3000', 'http://app.test:3000'] }, false],
  ])('%j → %s', (headers, allowed) => {
    expect(isSameOriginRequest(headers, app)).toBe(allowed);
  });

  it('derives the own origin from scheme and Host, default ports dropped, odd hosts refused', () => {
    expect(ownOrigin('http', 'app.test:3000')).toBe('http://app.test:3000');
    expect(ownOrigin('http', 'App.Test:80')).toBe('http://app.test');
    expect(ownOrigin('https', 'app.test:443')).toBe('https://app.test');
    expect(ownOrigin('https', 'app.test:80')).toBe('https://app.test:80');
    expect(ownOrigin('http', '[::1]:3000')).toBe('http://[::1]:3000');
    for (const host of [undefined, '', 'evil.example@app.test', 'app.test/x', 'app.test:99999', 'a b']) {
      expect(ownOrigin('http', host), String(host)).toBeNull();
    }
  });

  it('treats every non-GET and the GET buy calls as state-changing', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(isStateChanging(method, '/api/anything')).toBe(true);
    expect(isStateChanging('GET', '/api/purchase/buy/video/:videoId')).toBe(true);
    expect(isStateChanging('GET', '/api/purchase/buy/uploads')).toBe(true);
    expect(isStateChanging('GET', '/api/purchase/info/:videoId')).toBe(false);
    expect(isStateChanging('HEAD', '/api/video')).toBe(false);
  });
});

describe('settings', () => {
  it('TRUST_PROXY: off by default; true, addresses and CIDR ranges; hop counts and garbage refused', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,loopback' }).trustProxy).toBe('10.0.0.0/8,::1,loopback');
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/hop count/);
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', 'example.com'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow();
  });

  it('APP_ORIGINS: exact origins only', () => {
    expect(loadConfig({}).appOrigins).toEqual([]);
    expect(loadConfig({ APP_ORIGINS: 'https://videos.example.com, http://localhost:5173' }).appOrigins).toEqual([
      'https://videos.example.com',
      'http://localhost:5173',
    ]);
    for (const bad of ['videos.example.com', 'https://videos.example.com/', 'https://videos.example.com:443']) {
      expect(() => loadConfig({ APP_ORIGINS: bad }), bad).toThrow(/APP_ORIGINS/);
    }
  });
});

describe('APP_ORIGINS on a running app', () => {
  it('accepts exactly the listed origins, whatever the Host', async () => {
    const logout = (headers: Record<string, string>) => listed.app.inject({ method: 'POST', url: '/api/users/logout', headers });
    expect((await logout({ host: '10.0.0.5:3000', origin: 'https://videos.example.com' })).statusCode).toBe(200);
    for (const origin of ['http://10.0.0.5:3000', 'https://evil.example', 'http://videos.example.com', 'null']) {
      expect((await logout({ host: '10.0.0.5:3000', origin })).statusCode, origin).toBe(403);
    }
  });
});

describe('X-Forwarded-For and the per-address limits', () => {
  async function attempts(ctx: typeof direct, username: string, addresses: string[]) {
    const statuses: number[] = [];
    for (const address of addresses) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username, password: 'wrong' },
        headers: { 'x-forwarded-for': address },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  it('a direct client cannot pick its address to escape the login limit', async () => {
    const user = await registerUser(direct);
    const statuses = await attempts(direct, user.username, ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4', '5.5.5.5']);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('behind a trusted proxy, the forwarded client address is the one limited', async () => {
    const user = await registerUser(proxied);
    const statuses = await attempts(proxied, user.username, ['1.1.1.1', '1.1.1.1', '1.1.1.1', '1.1.1.1', '2.2.2.2']);
    expect(statuses).toEqual([401, 401, 401, 429, 401]);
  });
});
