import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestContext, cookieHeader, errorEnvelope, multipart, registerUser, testImage } from '../../../test/support.ts';
import type { Role } from '../../db/schema.ts';
import { grantFromCommandLine } from './admin.service.ts';

const ctx = await createTestContext();
const { app, db } = ctx;
// An instance of its own for the last-admin rule, where nobody else is an admin.
const fresh = await createTestContext();
const json = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const as = (cookie: string | undefined) => (cookie ? { cookie } : {});

/** A signed-in account with `role` (set in the database, as `npm run admin -- grant` does). */
async function staff(role: Role) {
  const user = await registerUser(ctx);
  await db.updateTable('users').set({ role }).where('id', '=', user.id).execute();
  return user;
}

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, body?: unknown) {
  const headers = { ...as(cookie), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) };
  return app.inject({ method, url, headers, ...(body !== undefined ? { payload: JSON.stringify(body) } : {}) });
}

async function auditRows(targetId: string) {
  return db.selectFrom('audit_log').selectAll().where('target_id', '=', targetId).orderBy('created_at').execute();
}

const register = (fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/api/users/register',
    ...multipart(
      { fullname: 'New Person', password: 'Passw0rd!', ...fields },
      { avatar: { data: testImage(), filename: 'a.png', type: 'image/png' } },
    ),
  });
const login = (username: string) =>
  app.inject({ method: 'POST', url: '/api/users/login', ...json({ username, email: username, password: 'Passw0rd!' }) });

const admin = await staff('admin');
const moderator = await staff('moderator');
const user = await registerUser(ctx);

describe('who may administer', () => {
  const calls: [string, 'GET' | 'POST' | 'PATCH', () => string, unknown?][] = [
    ['list users', 'GET', () => '/api/admin/users'],
    ['change a user', 'PATCH', () => `/api/admin/users/${user.id}`, { uploadLimit: 7 }],
    ['approve a user', 'POST', () => `/api/admin/users/${user.id}/approve`],
    ['read the audit log', 'GET', () => '/api/admin/audit'],
    ['read the jobs', 'GET', () => '/api/admin/jobs'],
    ['retry a job', 'POST', () => `/api/admin/jobs/${user.id}/retry`],
    ['read the settings', 'GET', () => '/api/admin/settings'],
    ['change the settings', 'PATCH', () => '/api/admin/settings', { instanceName: 'StreamHub' }],
  ];

  it.each(calls)('%s: anonymous 401, user 403, moderator 403, before the input is read', async (_name, method, url, body) => {
    expect((await call(method, url(), undefined, body)).json()).toEqual(
      errorEnvelope(401, 'Sign in to continue', { reason: 'signin' }),
    );
    for (const caller of [user, moderator]) {
      const res = await call(method, url(), caller.cookie, body);
      expect(res.json()).toEqual(errorEnvelope(403, 'Only staff can do this'));
      // Even a body no admin could send is refused for who sends it, not for what it says.
      if (method !== 'GET') expect((await call(method, url(), caller.cookie, { nonsense: true })).statusCode).toBe(403);
    }
  });

  it('GET /api/users/me tells each their role', async () => {
    for (const [who, role] of [
      [user, 'user'],
      [moderator, 'moderator'],
      [admin, 'admin'],
    ] as const) {
      const res = await call('GET', '/api/users/me', who.cookie);
      expect(res.json().data.role).toBe(role);
    }
  });
});

describe('users page', () => {
  it('lists accounts newest first with role, state, uploads and storage; searches and pages', async () => {
    const found = await registerUser(ctx, { fullname: 'Grace Hopper-Search' });
    const res = await call('GET', `/api/admin/users?query=${encodeURIComponent('hopper-search')}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      total: 1,
      users: [
        {
          _id: found.id,
          username: found.username,
          fullname: 'Grace Hopper-Search',
          avatar: expect.stringMatching(/^\/media\/avatars\//),
          email: found.email,
          role: 'user',
          suspended: false,
          suspendedReason: null,
          approvalPending: false,
          uploads: 0,
          uploadLimit: ctx.config.uploadLimitDefault,
          storageBytes: 0,
          storageQuotaBytes: null,
          overrides: { uploadLimit: null, storageQuotaBytes: null },
          createdAt: expect.any(String),
        },
      ],
    });
    const all = (await call('GET', '/api/admin/users', admin.cookie)).json().data;
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.users[0]._id).toBe(found.id);
    // `%` and `_` are searched for as themselves.
    expect((await call('GET', '/api/admin/users?query=%25', admin.cookie)).json().data.total).toBe(0);
    const staffOnly = (await call('GET', '/api/admin/users?filter=staff', admin.cookie)).json().data.users;
    expect(staffOnly.map((u: { _id: string }) => u._id).sort()).toEqual([admin.id, moderator.id].sort());
    expect((await call('GET', '/api/admin/users?page=999', admin.cookie)).json().data).toEqual({ users: [], total: 0 });
  });

  it('refuses malformed queries with 400', async () => {
    for (const q of ['page=0', 'page=x', 'filter=everyone', `query=${'a'.repeat(101)}`, 'query=%00']) {
      expect((await call('GET', `/api/admin/users?${q}`, admin.cookie)).statusCode, q).toBe(400);
    }
  });

  it('sets a role, which the session holds from the next request, with an audit entry', async () => {
    const target = await registerUser(ctx);
    const res = await call('PATCH', `/api/admin/users/${target.id}`, admin.cookie, { role: 'moderator' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: target.id, role: 'moderator' });
    expect((await call('GET', '/api/users/me', target.cookie)).json().data.role).toBe('moderator');
    expect(await auditRows(target.id)).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        action: 'user.role',
        target_type: 'user',
        change: 'user → moderator',
        reason: '',
      }),
    ]);
    // The same role again changes nothing and writes nothing.
    await call('PATCH', `/api/admin/users/${target.id}`, admin.cookie, { role: 'moderator' });
    expect(await auditRows(target.id)).toHaveLength(1);
  });

  it('keeps the last admin an admin (409), and lets one of two step down', async () => {
    const only = await registerUser(fresh);
    await fresh.db.updateTable('users').set({ role: 'admin' }).where('id', '=', only.id).execute();
    const demote = (id: string, cookie: string) =>
      fresh.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${id}`,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ role: 'user' }),
      });
    expect((await demote(only.id, only.cookie)).json()).toEqual(errorEnvelope(409, 'The last admin cannot stop being an admin'));
    const second = await registerUser(fresh);
    await fresh.db.updateTable('users').set({ role: 'admin' }).where('id', '=', second.id).execute();
    // Both at once: the admins are locked while one demotion runs, so exactly one passes.
    const answers = await Promise.all([demote(only.id, only.cookie), demote(second.id, second.cookie)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const admins = await fresh.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(admins).toHaveLength(1);
  });

  it('sets and resets upload limits and storage quotas; the instance default applies between', async () => {
    const target = await registerUser(ctx);
    const uploads = async () => (await call('GET', '/api/users/me', target.cookie)).json().data.uploads;
    expect(await uploads()).toEqual({ uploaded: 0, uploadLimit: ctx.config.uploadLimitDefault });

    const res = await call('PATCH', `/api/admin/users/${target.id}`, admin.cookie, { uploadLimit: 12, storageQuotaBytes: 5000 });
    expect(res.json().data).toMatchObject({
      uploadLimit: 12,
      storageQuotaBytes: 5000,
      overrides: { uploadLimit: 12, storageQuotaBytes: 5000 },
    });
    expect(await uploads()).toEqual({ uploaded: 0, uploadLimit: 12 });

    await call('PATCH', '/api/admin/settings', admin.cookie, { defaultUploadLimit: 3, defaultStorageQuotaBytes: 9000 });
    try {
      const reset = await call('PATCH', `/api/admin/users/${target.id}`, admin.cookie, {
        uploadLimit: null,
        storageQuotaBytes: null,
      });
      expect(reset.json().data).toMatchObject({
        uploadLimit: 3,
        storageQuotaBytes: 9000,
        overrides: { uploadLimit: null, storageQuotaBytes: null },
      });
      expect(await uploads()).toEqual({ uploaded: 0, uploadLimit: 3 });
    } finally {
      await call('PATCH', '/api/admin/settings', admin.cookie, { defaultUploadLimit: null, defaultStorageQuotaBytes: null });
    }
    expect(await uploads()).toEqual({ uploaded: 0, uploadLimit: ctx.config.uploadLimitDefault });
    expect((await auditRows(target.id)).map((r) => [r.action, r.change])).toEqual([
      ['user.limits', 'uploadLimit: 12, storageQuotaBytes: 5000'],
      ['user.limits', 'uploadLimit: default, storageQuotaBytes: default'],
    ]);
  });

  it('refuses malformed changes with 400 and unknown accounts with 404', async () => {
    for (const body of [
      {},
      { role: 'root' },
      { uploadLimit: -1 },
      { uploadLimit: 1.5 },
      { storageQuotaBytes: 'lots' },
      { email: 'x@y.z' },
    ]) {
      const res = await call('PATCH', `/api/admin/users/${user.id}`, admin.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await call('PATCH', '/api/admin/users/not-an-id', admin.cookie, { role: 'user' })).statusCode).toBe(400);
    const unknown = '01900000-0000-7000-8000-000000000000';
    expect((await call('PATCH', `/api/admin/users/${unknown}`, admin.cookie, { role: 'user' })).json()).toEqual(
      errorEnvelope(404, 'User does not exist'),
    );
    expect((await call('POST', `/api/admin/users/${unknown}/approve`, admin.cookie)).statusCode).toBe(404);
  });
});

describe('settings and registrations', () => {
  it('GET /api/instance tells anyone the name, terms and registrations; admins change them', async () => {
    const before = await call('GET', '/api/instance');
    expect(before.json().data).toEqual({
      instanceName: 'StreamHub',
      instanceTerms: '',
      registrations: 'open',
      emailVerification: 'off',
    });
    const res = await call('PATCH', '/api/admin/settings', admin.cookie, {
      instanceName: 'Tube Town',
      instanceTerms: 'Be kind.\nNo spam.',
    });
    expect(res.json().data).toEqual({
      registrations: 'open',
      defaultUploadLimit: null,
      defaultStorageQuotaBytes: null,
      instanceName: 'Tube Town',
      instanceTerms: 'Be kind.\nNo spam.',
      emailVerification: 'off',
    });
    expect((await call('GET', '/api/instance')).json().data).toMatchObject({
      instanceName: 'Tube Town',
      instanceTerms: 'Be kind.\nNo spam.',
    });
    expect((await call('GET', '/api/admin/settings', admin.cookie)).json().data.instanceName).toBe('Tube Town');
    const entry = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.update')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actor_id: admin.id,
      target_type: 'settings',
      reason: 'instanceName: "Tube Town", instanceTerms: 17 characters',
    });
  });

  it('refuses malformed settings with 400', async () => {
    for (const body of [
      {},
      { registrations: 'sometimes' },
      { instanceName: '' },
      { instanceName: 'a\u0007b' },
      { instanceName: 'x'.repeat(101) },
      { instanceTerms: 'x'.repeat(20001) },
      { defaultUploadLimit: -2 },
      { defaultStorageQuotaBytes: 2 ** 60 },
      { colour: 'red' },
    ]) {
      expect((await call('PATCH', '/api/admin/settings', admin.cookie, body)).statusCode, JSON.stringify(body).slice(0, 60)).toBe(
        400,
      );
    }
  });

  it('closed: registering answers 403 and stores nothing', async () => {
    await call('PATCH', '/api/admin/settings', admin.cookie, { registrations: 'closed' });
    try {
      const res = await register({ username: 'closedout', email: 'closedout@example.com' });
      expect(res.json()).toEqual(errorEnvelope(403, 'Registrations are closed'));
      expect(res.cookies).toEqual([]);
      expect(await db.selectFrom('users').select('id').where('username', '=', 'closedout').executeTakeFirst()).toBeUndefined();
    } finally {
      await call('PATCH', '/api/admin/settings', admin.cookie, { registrations: 'open' });
    }
  });

  it('approval: the account waits without a session, cannot sign in, and signs in once an admin approves it', async () => {
    await call('PATCH', '/api/admin/settings', admin.cookie, { registrations: 'approval' });
    let res;
    try {
      res = await register({ username: 'waiting1', email: 'waiting1@example.com' });
    } finally {
      await call('PATCH', '/api/admin/settings', admin.cookie, { registrations: 'open' });
    }
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      data: { username: 'waiting1', approvalPending: true },
      message: 'Account created; it can sign in once an admin approves it',
    });
    expect(res.cookies).toEqual([]);
    const id = res.json().data._id;

    expect((await login('waiting1')).json()).toEqual(errorEnvelope(403, 'Account awaiting approval'));
    // A wrong password is still just a wrong password.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      ...json({ username: 'waiting1', password: 'nope' }),
    });
    expect(wrong.statusCode).toBe(401);

    const pending = (await call('GET', '/api/admin/users?filter=pending', admin.cookie)).json().data;
    expect(pending.users.map((u: { _id: string }) => u._id)).toContain(id);
    const approved = await call('POST', `/api/admin/users/${id}/approve`, admin.cookie);
    expect(approved.json().data).toMatchObject({ _id: id, approvalPending: false });
    expect((await call('POST', `/api/admin/users/${id}/approve`, admin.cookie)).json()).toEqual(
      errorEnvelope(409, 'Account is not awaiting approval'),
    );
    const signedIn = await login('waiting1');
    expect(signedIn.statusCode).toBe(200);
    expect((await call('GET', '/api/users/me', cookieHeader(signedIn))).statusCode).toBe(200);
    expect(await auditRows(id)).toEqual([expect.objectContaining({ action: 'user.approve', actor_id: admin.id })]);
  });

  it('open again: a registration signs in at once, with approvalPending false', async () => {
    const res = await register({ username: 'openagain', email: 'openagain@example.com' });
    expect(res.json().data.approvalPending).toBe(false);
    expect(res.cookies.map((c) => c.name).sort()).toEqual(['sid', 'user']);
  });
});

describe('audit log', () => {
  it('shows every staff action newest first with its actor; the command line has none', async () => {
    const target = await registerUser(ctx);
    await call('PATCH', `/api/admin/users/${target.id}`, admin.cookie, { uploadLimit: 1 });
    await call('PATCH', `/api/admin/users/${target.id}`, admin.cookie, { role: 'moderator', reason: 'Runs the film club' });
    await grantFromCommandLine(db, target.username.toUpperCase(), 'user');
    const page = (await call('GET', '/api/admin/audit', admin.cookie)).json().data;
    const mine = page.filter((e: { targetId: string }) => e.targetId === target.id);
    expect(mine).toEqual([
      {
        _id: expect.any(String),
        actor: null,
        action: 'user.role',
        targetType: 'user',
        targetId: target.id,
        targetName: target.username,
        change: 'moderator → user',
        reason: '',
        createdAt: expect.any(String),
      },
      expect.objectContaining({
        action: 'user.role',
        change: 'user → moderator',
        reason: 'Runs the film club',
        targetName: target.username,
        actor: expect.objectContaining({ _id: admin.id, username: admin.username }),
      }),
      expect.objectContaining({ action: 'user.limits', change: 'uploadLimit: 1', reason: '' }),
    ]);
    // A reason alone changes nothing; a reason with a NUL or past the limit is refused.
    for (const body of [{ reason: 'why' }, { role: 'user', reason: 'a\u0000b' }, { role: 'user', reason: 'x'.repeat(1001) }]) {
      expect((await call('PATCH', `/api/admin/users/${target.id}`, admin.cookie, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect((await call('GET', '/api/admin/audit?page=0', admin.cookie)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/audit?page=5000', admin.cookie)).json().data).toEqual([]);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE of its rows', async () => {
    const before = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBeGreaterThan(0);
    await expect(db.updateTable('audit_log').set({ reason: 'rewritten' }).execute()).rejects.toThrow(
      /append-only|not allowed|never/i,
    );
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only|not allowed|never/i);
    await expect(sql`TRUNCATE audit_log`.execute(db)).rejects.toThrow(/append-only|not allowed|never/i);
    const after = await db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });
});

describe('jobs', () => {
  it('shows counts per queue and state and the failed jobs with their errors; retries one once', async () => {
    const videoId = '01900000-0000-7000-8000-0000000000aa';
    await ctx.deps.queue.send('video.transcode', { videoId });
    // No worker runs in this file: the job fails as a worker would record it.
    const { rows } = await sql<{ id: string }>`
      UPDATE pgboss.job SET state = 'failed', completed_on = now(), output = '{"message":"ffmpeg exited with code 1"}'::jsonb
       WHERE name = 'video.transcode' AND data->>'videoId' = ${videoId} RETURNING id`.execute(db);
    const jobId = rows[0]!.id;

    const view = (await call('GET', '/api/admin/jobs', admin.cookie)).json().data;
    expect(view.counts).toContainEqual({ queue: 'video.transcode', state: 'failed', count: 1 });
    expect(view.failed).toEqual([
      {
        id: jobId,
        queue: 'video.transcode',
        error: 'ffmpeg exited with code 1',
        failedAt: expect.any(String),
        payload: `{"videoId":"${videoId}"}`,
      },
    ]);

    const retried = await call('POST', `/api/admin/jobs/${jobId}/retry`, admin.cookie);
    expect(retried.json()).toMatchObject({ statusCode: 200, data: {}, message: 'Job queued again' });
    const state = await sql<{ state: string }>`SELECT state::text FROM pgboss.job WHERE id = ${jobId}`.execute(db);
    expect(state.rows[0]!.state).toBe('retry');
    expect(await auditRows(jobId)).toEqual([
      expect.objectContaining({ action: 'job.retry', target_type: 'job', actor_id: admin.id }),
    ]);
    // No longer failed: a second retry finds nothing to retry.
    expect((await call('POST', `/api/admin/jobs/${jobId}/retry`, admin.cookie)).json()).toEqual(
      errorEnvelope(404, 'No failed job with this id'),
    );
    expect((await call('POST', '/api/admin/jobs/not-a-job/retry', admin.cookie)).statusCode).toBe(400);
  });
});
