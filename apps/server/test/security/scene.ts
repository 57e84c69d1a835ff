import fs from 'node:fs/promises';
import type { RouteOptions } from 'fastify';
import { makeClip } from '../clips.ts';
import { createVideo, type VideoFields } from '../factories.ts';
import { cookieHeader, multipart, registerUser, testImage, type TestContext } from '../support.ts';
import { isStateChanging } from '../../src/plugins/security.ts';
import type { Role } from '../../src/db/schema.ts';

// Shared by the security suites: who calls, what they act on, and how a request is sent.

export type Caller = 'anonymous' | 'other' | 'owner';
export const CALLERS: readonly Caller[] = ['anonymous', 'other', 'owner'];

export interface SceneUser {
  id: string;
  username: string;
  password: string;
  /** `cookie` header value of a session of this user. */
  cookie: string;
}

export interface FilePart {
  data: Buffer;
  filename: string;
  type: string;
}

/** A request body: JSON, or a multipart form (text fields and files). */
export type Body =
  | { json: unknown }
  | { form: Record<string, string>; files?: Record<string, FilePart> }
  /** A tus request: its protocol headers and, for a PATCH, the chunk. */
  | { tus: { headers: Record<string, string>; payload?: Buffer } };

/** What an entry's setup and body builders work with. */
export interface Scene {
  ctx: TestContext;
  /** Owns what `setup` creates. */
  owner: SceneUser;
  /** Signed in, owns nothing `setup` creates. */
  other: SceneUser;
  /** Who sends this request (null: anonymous). */
  caller: SceneUser | null;
  /** A ready public video of `ownerId` (inserted directly, no ffmpeg). */
  video(ownerId: string, fields?: Partial<VideoFields>): Promise<string>;
  /** A comment by `author` on `videoId`, through the API. */
  comment(author: SceneUser, videoId: string): Promise<string>;
  /** A watch-history entry of `user` for `videoId`, through the API. */
  historyEntry(user: SceneUser, videoId: string): Promise<string>;
  /** A post by `author`, through the API. */
  post(author: SceneUser): Promise<string>;
  /** A fresh, unused identity for the register call. */
  freshAccount(): { username: string; email: string };
}

let clip: Buffer | undefined;
/** A real one-second video (generated with ffmpeg once per file), for upload bodies. */
export async function testClip(): Promise<FilePart> {
  clip ??= await fs.readFile(await makeClip('matrix.mp4', { seconds: 1, width: 160, height: 120, audio: false }));
  return { data: clip, filename: 'clip.mp4', type: 'video/mp4' };
}

export const imagePart = (): FilePart => ({ data: testImage(), filename: 'picture.png', type: 'image/png' });

let accounts = 0;

/** Two registered users of `ctx`; each scene signs them in afresh, so a logout or password change stays local. */
export async function createCast(ctx: TestContext) {
  const password = 'Passw0rd!';
  const [owner, other] = await Promise.all([registerUser(ctx, { password }), registerUser(ctx, { password })]);
  const signIn = async (u: { id: string; username: string }): Promise<SceneUser> => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: u.username, password } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
    return { id: u.id, username: u.username, password, cookie: cookieHeader(res) };
  };
  return {
    /** `ownerRole`: what the owner is for this scene (staff calls: the owner is the staff member). */
    async scene(caller: Caller, ownerRole: Role = 'user'): Promise<Scene> {
      await ctx.db.updateTable('users').set({ role: ownerRole }).where('id', '=', owner.id).execute();
      const [o, t] = await Promise.all([signIn(owner), signIn(other)]);
      return {
        ctx,
        owner: o,
        other: t,
        caller: caller === 'anonymous' ? null : caller === 'owner' ? o : t,
        video: (ownerId, fields) => createVideo(ctx.db, ownerId, fields),
        async comment(author, videoId) {
          const res = await send(ctx, 'POST', `/api/comment/video/${videoId}`, { json: { content: 'A comment' } }, author.cookie);
          if (res.statusCode !== 201) throw new Error(`comment failed: ${res.body}`);
          return res.json().data._id;
        },
        async historyEntry(user, videoId) {
          const res = await send(ctx, 'POST', `/api/watchHistory/track/${videoId}`, undefined, user.cookie);
          if (res.statusCode !== 200 || !res.json().data) throw new Error(`track failed: ${res.body}`);
          return res.json().data._id;
        },
        async post(author) {
          const res = await send(ctx, 'POST', '/api/post/new', { json: { content: 'A post' } }, author.cookie);
          if (res.statusCode !== 201) throw new Error(`post failed: ${res.body}`);
          return res.json().data._id;
        },
        freshAccount() {
          accounts += 1;
          const name = `fresh${process.pid}x${accounts}x${Math.floor(Math.random() * 1e6)}`;
          return { username: name, email: `${name}@example.com` };
        },
      };
    },
  };
}

/** Sends one request; `headers` are added to the cookie and the body's own. */
export function send(
  ctx: TestContext,
  method: string,
  url: string,
  body: Body | undefined,
  cookie: string | undefined,
  headers: Record<string, string> = {},
) {
  const withCookie = cookie ? { cookie } : {};
  if (body && 'form' in body) {
    const form = multipart(body.form, body.files ?? {}, cookie);
    return ctx.app.inject({ method: method as 'POST', url, payload: form.payload, headers: { ...form.headers, ...headers } });
  }
  if (body && 'tus' in body) {
    return ctx.app.inject({
      method: method as 'POST',
      url,
      payload: body.tus.payload,
      headers: { 'tus-resumable': '1.0.0', ...body.tus.headers, ...withCookie, ...headers },
    });
  }
  if (body && 'json' in body) {
    return ctx.app.inject({
      method: method as 'POST',
      url,
      payload: JSON.stringify(body.json),
      headers: { 'content-type': 'application/json', ...withCookie, ...headers },
    });
  }
  return ctx.app.inject({ method: method as 'POST', url, headers: { ...withCookie, ...headers } });
}

/** `/api/x/:id/y` with its params filled in. */
export function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
    return encodeURIComponent(value);
  });
}

/** `METHOD /path` of a route, without a trailing slash, as matrix entries name it. */
export const routeKey = (method: string, url: string) => `${method} ${url.length > 1 ? url.replace(/\/$/, '') : url}`;

export interface AppRoute {
  method: string;
  url: string;
  key: string;
  route: RouteOptions;
}

/** Every API and media route of the built app (API docs and HEAD twins left out), one per method. */
export function appRoutes(app: TestContext['app']): AppRoute[] {
  const seen = new Set<string>();
  const routes: AppRoute[] = [];
  for (const route of app.routeTable) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (!/^\/(api|media)\//.test(route.url) || route.url.startsWith('/api/docs')) continue;
      const key = routeKey(method, route.url);
      if (seen.has(key)) continue;
      seen.add(key);
      routes.push({ method, url: route.url, key, route });
    }
  }
  return routes;
}

/** The routes that change state: every non-GET, and state-changing GETs (the buy calls). */
export const mutatingRoutes = (app: TestContext['app']) => appRoutes(app).filter((r) => isStateChanging(r.method, r.url));
