import { describe, expect, it } from 'vitest';
import { createTestContext, errorEnvelope, multipart, registerUser, testImage, type TestContext } from '../../../test/support.ts';
import { loadConfig } from '../../config.ts';
import { createMemoryRateCounters } from '../../db/rate-counters.ts';

const MAX = 3;
// One context per store: PostgreSQL (shared by processes) and memory (this process only).
const stores = {
  postgres: await createTestContext({ RATE_LIMIT_LOGIN_MAX: String(MAX) }),
  memory: await createTestContext({ RATE_LIMIT_LOGIN_MAX: String(MAX), RATE_LIMIT_STORE: 'memory' }),
};
const registerLimited = await createTestContext({ RATE_LIMIT_REGISTER_MAX: '2' });

function login(ctx: TestContext, body: Record<string, string>, address = '127.0.0.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: body, remoteAddress: address });
}
const statuses = async (ctx: TestContext, body: Record<string, string>, times: number, address?: string) => {
  const answers: number[] = [];
  for (let i = 0; i < times; i++) answers.push((await login(ctx, body, address)).statusCode);
  return answers;
};

describe.each(Object.entries(stores))('the login limit counts failed attempts only (%s store)', (_store, ctx) => {
  it('signing the same account in many more times than the limit is never refused', async () => {
    const u = await registerUser(ctx);
    expect(await statuses(ctx, { username: u.username, email: u.username, password: u.password }, MAX * 4)).toEqual(
      Array(MAX * 4).fill(200),
    );
    // …and leaves the whole limit for failures.
    expect(await statuses(ctx, { username: u.username, password: 'wrong' }, MAX + 1)).toEqual([...Array(MAX).fill(401), 429]);
  });

  it('after the limit of failures every attempt is refused with the 429 envelope, the right password too', async () => {
    const u = await registerUser(ctx);
    expect(await statuses(ctx, { username: u.username, password: 'wrong' }, MAX)).toEqual(Array(MAX).fill(401));
    for (const password of ['wrong', u.password]) {
      const res = await login(ctx, { username: u.username.toUpperCase(), password });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(errorEnvelope(429, 'Too many requests, please try again later'));
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // The limit is per identifier and per address.
    const other = await registerUser(ctx);
    expect((await login(ctx, { username: other.username, password: other.password })).statusCode).toBe(200);
    expect((await login(ctx, { username: u.username, password: u.password }, '10.9.8.7')).statusCode).toBe(200);
  });

  it('unknown accounts count like wrong passwords', async () => {
    expect(await statuses(ctx, { username: `ghost${Date.now()}`, password: 'x' }, MAX + 1)).toEqual([
      ...Array(MAX).fill(404),
      429,
    ]);
  });

  it('successes between failures do not use up the limit', async () => {
    const u = await registerUser(ctx);
    const answers: number[] = [];
    for (let i = 0; i < MAX - 1; i++) {
      answers.push((await login(ctx, { username: u.username, password: 'wrong' })).statusCode);
      answers.push((await login(ctx, { username: u.username, password: u.password })).statusCode);
    }
    answers.push((await login(ctx, { username: u.username, password: 'wrong' })).statusCode);
    answers.push((await login(ctx, { username: u.username, password: 'wrong' })).statusCode);
    expect(answers).toEqual([401, 200, 401, 200, 401, 429]);
  });

  it('a burst of parallel guesses gets no more than the limit checked', async () => {
    const u = await registerUser(ctx);
    const burst = await Promise.all(Array.from({ length: 12 }, () => login(ctx, { username: u.username, password: 'wrong' })));
    const counted = burst.map((res) => res.statusCode).sort();
    expect(counted).toEqual([...Array(MAX).fill(401), ...Array(12 - MAX).fill(429)]);
  });

  it('a throwaway identifier beside the real one does not dodge the limit', async () => {
    const u = await registerUser(ctx);
    const answers: number[] = [];
    for (let i = 0; i < MAX + 1; i++) {
      const res = await login(ctx, { username: `throwaway${i}x${Date.now()}`, email: u.email, password: 'wrong' });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([...Array(MAX).fill(401), 429]);
  });

  it("an account's username and email share one budget, in any letter case and in parallel", async () => {
    const u = await registerUser(ctx);
    const names = [u.username, u.email, u.username.toUpperCase(), u.email.toUpperCase()];
    const answers: number[] = [];
    for (let i = 0; i <= MAX; i++)
      answers.push((await login(ctx, { username: names[i % names.length]!, password: 'wrong' })).statusCode);
    expect(answers).toEqual([...Array(MAX).fill(401), 429]);
    // Every name of the account is refused now, the right password too, with the 429 envelope…
    for (const name of names) {
      const res = await login(ctx, { email: name, password: u.password });
      expect(res.statusCode, name).toBe(429);
      expect(res.json()).toEqual(errorEnvelope(429, 'Too many requests, please try again later'));
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // …from this address only.
    expect((await login(ctx, { username: u.email, password: u.password }, '10.9.8.6')).statusCode).toBe(200);

    const v = await registerUser(ctx);
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(ctx, { username: i % 2 ? v.username : v.email, password: 'wrong' })),
    );
    expect(burst.map((res) => res.statusCode).sort()).toEqual([...Array(MAX).fill(401), ...Array(12 - MAX).fill(429)]);
  });

  it('malformed attempts are refused with 400 and count nothing', async () => {
    const u = await registerUser(ctx);
    for (let i = 0; i < MAX + 1; i++) {
      expect((await login(ctx, { username: u.username })).statusCode).toBe(400);
      expect((await login(ctx, { password: 'wrong' })).statusCode).toBe(400);
    }
    expect((await login(ctx, { username: u.username, password: u.password })).statusCode).toBe(200);
  });
});

describe('registration limit', () => {
  const register = (n: number, address: string) =>
    registerLimited.app.inject({
      method: 'POST',
      url: '/api/users/register',
      remoteAddress: address,
      ...multipart(
        {
          fullname: 'Limited',
          username: `limited${n}${Date.now()}`,
          email: `limited${n}${Date.now()}@example.com`,
          password: 'Secret12!',
        },
        { avatar: { data: testImage(), filename: 'a.png', type: 'image/png' } },
      ),
    });

  it('counts every registration per address, 429 beyond RATE_LIMIT_REGISTER_MAX', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await register(i, '10.1.1.1')).statusCode);
    expect(answers).toEqual([201, 201, 429]);
    const refused = await register(3, '10.1.1.1');
    expect(refused.json()).toMatchObject({ statusCode: 429, data: 'Too many requests, please try again later', success: false });
    expect((await register(4, '10.1.1.2')).statusCode).toBe(201);
  });

  it('defaults: 20 failed logins and 1000 registrations a minute', () => {
    expect(loadConfig({}).rateLimit).toMatchObject({ loginMax: 20, registerMax: 1000 });
  });
});

describe('memory counters', () => {
  it('count in a fixed window, restart after it, and never go below zero', async () => {
    let now = 1_000_000;
    const counters = createMemoryRateCounters(() => now);
    expect(await counters.hit('k', 1000)).toEqual({ current: 1, ttl: 1000 });
    now += 400;
    expect(await counters.hit('k', 1000)).toEqual({ current: 2, ttl: 600 });
    await counters.unhit('k');
    expect(await counters.read('k')).toEqual({ current: 1, ttl: 600 });
    await counters.unhit('k');
    await counters.unhit('k');
    expect(await counters.read('k')).toEqual({ current: 0, ttl: 600 });
    now += 600;
    expect(await counters.read('k')).toEqual({ current: 0, ttl: 0 });
    expect(await counters.hit('k', 1000)).toEqual({ current: 1, ttl: 1000 });
    await counters.unhit('other');
    expect(await counters.read('other')).toEqual({ current: 0, ttl: 0 });
  });
});
