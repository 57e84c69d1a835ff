import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMediaTokens, mediaTokenLifetimeSec } from '../../src/features/media/media-tokens.ts';
import { sessionIdOf } from '../../src/features/sessions/sessions.service.ts';
import { makeClip } from '../clips.ts';
import { createVideo } from '../factories.ts';
import { cookieHeader, createTestContext, registerUser } from '../support.ts';

// Exclusive media URLs carry a token bound to the session that watched (not a bearer URL), living
// as long as the video needs: max(10 min, 2 × duration + 5 min), at most MEDIA_TOKEN_TTL_SECONDS.

const TTL_CAP = 3600;
const ctx = await createTestContext({ MEDIA_TOKEN_TTL_SECONDS: String(TTL_CAP) });
const { app } = ctx;
const owner = await registerUser(ctx);
const other = await registerUser(ctx);
const mp4 = await fs.readFile(await makeClip('token.mp4', { seconds: 1, width: 160, height: 120 }));

/** A finished exclusive video of `owner` with a real MP4 on disk. */
async function exclusiveVideo(duration: number): Promise<string> {
  const id = await createVideo(ctx.db, owner.id, { isExclusive: true, duration });
  await ctx.db.updateTable('videos').set({ has_mp4: true }).where('id', '=', id).execute();
  await fs.mkdir(path.join(ctx.config.mediaDir, 'exclusive', id), { recursive: true });
  await fs.writeFile(path.join(ctx.config.mediaDir, 'exclusive', id, 'video.mp4'), mp4);
  return id;
}

async function watchUrl(id: string, cookie: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/video/v/${id}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.videoFile;
}

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
const sid = (cookie: string) => /(?:^|; )sid=([^;]+)/.exec(cookie)![1]!;
const now = () => Math.floor(Date.now() / 1000);

describe('lifetime', () => {
  it('is twice the duration plus five minutes, at least ten minutes, at most the setting', () => {
    expect(mediaTokenLifetimeSec(0, 21600)).toBe(600);
    expect(mediaTokenLifetimeSec(60, 21600)).toBe(600);
    expect(mediaTokenLifetimeSec(1000, 21600)).toBe(2300);
    expect(mediaTokenLifetimeSec(3 * 3600, 21600)).toBe(21600);
    expect(mediaTokenLifetimeSec(1000, 900)).toBe(900);
    expect(mediaTokenLifetimeSec(Number.NaN, 21600)).toBe(600);
  });

  it('is what the watch call issues', async () => {
    for (const [duration, lifetime] of [
      [30, 600],
      [1200, 2700],
      [4 * 3600, TTL_CAP],
    ] as const) {
      const url = await watchUrl(await exclusiveVideo(duration), owner.cookie);
      const exp = Number(url.split('/')[3]!.split('.')[0]);
      expect(exp - now(), `duration ${duration}`).toBeGreaterThanOrEqual(lifetime - 5);
      expect(exp - now(), `duration ${duration}`).toBeLessThanOrEqual(lifetime);
    }
  });
});

describe('binding to the session', () => {
  it('plays with the session that watched (200, ranges 206); without it or with another session, 403', async () => {
    const id = await exclusiveVideo(60);
    const url = await watchUrl(id, owner.cookie);
    expect(url).toMatch(new RegExp(`^/media/t/\\d+\\.[\\w-]+/videos/${id}/video\\.mp4$`));
    expect((await get(url, owner.cookie)).statusCode).toBe(200);
    expect((await get(url, owner.cookie, { range: 'bytes=0-99' })).statusCode).toBe(206);

    // The owner's own second session (another device) gets its own token, not this one.
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: owner.username, password: owner.password },
    });
    const secondSession = cookieHeader(login);
    for (const [who, cookie] of [
      ['no cookie', undefined],
      ['another user', other.cookie],
      ["the owner's other session", secondSession],
      ['a made-up session', 'sid=made-up-session-token'],
      ['only the user cookie', owner.cookie.split('; ').find((c) => c.startsWith('user='))],
    ] as const) {
      const res = await get(url, cookie);
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, success: false, data: 'No access to this media' });
    }
    expect((await get(await watchUrl(id, secondSession), secondSession)).statusCode).toBe(200);
  });

  it('refuses an expired, altered or foreign token', async () => {
    const id = await exclusiveVideo(60);
    const otherId = await exclusiveVideo(60);
    const url = await watchUrl(id, owner.cookie);
    const token = url.split('/')[3]!;
    const [exp, sig] = token.split('.') as [string, string];
    const session = sessionIdOf(sid(owner.cookie));
    const expired = createMediaTokens(ctx.deps.mediaSecret, TTL_CAP, () => Date.now() - 2 * 3600_000).issue(id, session, 60);
    const forged = createMediaTokens('not-the-secret-0123456789', TTL_CAP).issue(id, session, 60);
    for (const [what, bad] of [
      ['expired', url.replace(token, expired)],
      ['later expiry', url.replace(token, `${Number(exp) + 3600}.${sig}`)],
      ['altered signature', url.replace(token, `${exp}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`)],
      ['wrong secret', url.replace(token, forged)],
      ['extra part', url.replace(token, `x.${token}`)],
      ["another video's file", url.replace(id, otherId)],
      ['the public path', `/media/videos/${id}/video.mp4`],
    ] as const) {
      expect((await get(bad, owner.cookie)).statusCode, what).toBe(403);
    }
  });
});

describe('the watch gate holds everywhere for an exclusive video', () => {
  it('another user can neither watch, nor like, comment on or track it', async () => {
    const id = await exclusiveVideo(60);
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { cookie: other.cookie } });
    expect((await as('GET', `/api/video/v/${id}`)).statusCode).toBe(401);
    expect((await as('POST', `/api/like/v/${id}`)).statusCode).toBe(401);
    expect((await as('POST', `/api/comment/video/${id}`, { content: 'Hi' })).statusCode).toBe(401);
    expect((await as('POST', `/api/watchHistory/track/${id}`)).statusCode).toBe(401);
    const list = await as('GET', `/api/video?query=${encodeURIComponent('Factory')}`);
    expect(JSON.stringify(list.json())).not.toMatch(/\/media\/(t\/|videos\/)/);
  });
});

describe('members-only videos: every byte only to an active member (API.md §20)', () => {
  it('0 bytes without an active membership, with or without a token; the member plays until the membership ends', async () => {
    await app.inject({ method: 'PUT', url: '/api/memberships/offer', headers: { cookie: owner.cookie }, payload: { price: 3 } });
    const id = await createVideo(ctx.db, owner.id, { duration: 60 });
    await ctx.db
      .updateTable('videos')
      .set({ has_mp4: true, members_only: true, media_key: `exclusive/${id}` })
      .where('id', '=', id)
      .execute();
    await fs.mkdir(path.join(ctx.config.mediaDir, 'exclusive', id), { recursive: true });
    await fs.writeFile(path.join(ctx.config.mediaDir, 'exclusive', id, 'video.mp4'), mp4);
    const member = await registerUser(ctx);
    const nonMember = await registerUser(ctx);
    const joined = await app.inject({ method: 'POST', url: `/api/memberships/${owner.id}`, headers: { cookie: member.cookie } });
    expect(joined.json().data.state).toBe('active');

    const url = await watchUrl(id, member.cookie);
    expect(url).toMatch(new RegExp(`^/media/t/[\\w.-]+/videos/${id}/video\\.mp4$`));
    const played = await get(url, member.cookie);
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.length).toBe(mp4.length);

    expect((await get(`/api/video/v/${id}`, nonMember.cookie)).statusCode).toBe(401);
    expect((await get(`/api/video/v/${id}`)).statusCode).toBe(401);
    const nonMemberToken = createMediaTokens(ctx.deps.mediaSecret, TTL_CAP).issue(id, sessionIdOf(sid(nonMember.cookie)), 60);
    for (const [who, probe, cookie] of [
      ['a non-member with the member URL', url, nonMember.cookie],
      ['anonymous with the member URL', url, undefined],
      [
        'a non-member with a token signed for their own session',
        url.replace(url.split('/')[3]!, nonMemberToken),
        nonMember.cookie,
      ],
      ['the public path', `/media/videos/${id}/video.mp4`, member.cookie],
      ['the private folder directly', `/media/exclusive/${id}/video.mp4`, member.cookie],
    ] as const) {
      const res = await get(probe, cookie, { range: 'bytes=0-' });
      // Refused by the gate (403), or no such public file at all (the private folder is never served as is: 404).
      expect([403, 404], who).toContain(res.statusCode);
      expect(res.rawPayload.includes(mp4.subarray(0, 64)), who).toBe(false);
    }

    // Cancelled: still a member until the period's end.
    await app.inject({ method: 'DELETE', url: `/api/memberships/${owner.id}`, headers: { cookie: member.cookie } });
    expect((await get(url, member.cookie)).statusCode).toBe(200);
    // The period over: the same token opens nothing.
    await ctx.db
      .updateTable('memberships')
      .set({ current_period_end: new Date(Date.now() - 1000) })
      .where('member_id', '=', member.id)
      .execute();
    const after = await get(url, member.cookie, { range: 'bytes=0-99' });
    expect(after.statusCode).toBe(403);
    expect(after.rawPayload.includes(mp4.subarray(0, 64))).toBe(false);
  });
});
