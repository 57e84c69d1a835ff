import { createPlaylist, createUser } from '../factories.ts';
import { sql } from 'kysely';
import { newId } from '../../src/lib/ids.ts';
import { hashToken, newNonce, type TokenPurpose } from '../../src/features/account-mail/account-tokens.ts';
import { unsubscribeToken } from '../../src/features/notifications/unsubscribe-token.ts';
import { imagePart, testClip, type Body, type Caller, type Scene } from './scene.ts';
import { registerUser } from '../support.ts';

/**
 * The authorization matrix: one entry per state-changing route (every POST/PATCH/PUT/DELETE, and
 * the GET buy calls). authorization-matrix.test.ts walks the app's route table and fails, naming
 * the route, when a state-changing route has no entry here. The same entries feed the
 * control-character and fuzz suites.
 *
 * An entry:
 * - `route`: the method and path pattern as registered (`POST /api/comment/c/:commentId`);
 * - `setup`: creates what the route acts on, owned by `s.owner`; returns the path params;
 * - `body`: a valid body for the caller `s.caller` (JSON: `{ json }`, multipart: `{ form, files }`);
 * - `expect`: the status each caller gets: anonymous, another signed-in user, the owner;
 * - `ownerRole`: staff calls (API.md §12): the owner holds this role, so `expect.owner` is what
 *   staff get, and `other` is a plain user.
 *
 * Every caller gets a fresh `setup` and fresh sessions, so an entry may delete or log out freely.
 */
export interface RouteEntry {
  route: string;
  setup?: (s: Scene) => Promise<Record<string, string>>;
  body?: (s: Scene, params: Record<string, string>) => Body | Promise<Body>;
  expect: Record<Caller, number>;
  ownerRole?: 'moderator' | 'admin';
}

const video = async (s: Scene) => ({ videoId: await s.video(s.owner.id) });
const comment = async (s: Scene) => ({ commentId: await s.comment(s.owner, await s.video(s.owner.id)) });
const post = async (s: Scene) => ({ postId: await s.post(s.owner) });
const playlist = async (s: Scene) => ({ id: await createPlaylist(s.ctx.db, s.owner.id) });
const playlistWith = (contains: boolean) => async (s: Scene) => {
  const videoId = await s.video(s.owner.id);
  return { videoId, playlistId: await createPlaylist(s.ctx.db, s.owner.id, { videoIds: contains ? [videoId] : [] }) };
};
/** A video of the owner's with an English caption track (as a caption upload stores it). */
const videoWithCaptions = async (s: Scene) => {
  const videoId = await s.video(s.owner.id);
  const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n';
  await s.ctx.db
    .insertInto('video_captions')
    .values({ video_id: videoId, language: 'en', label: 'English', rev: 'a1', vtt, text: 'Hello' })
    .execute();
  return { videoId, language: 'en' };
};
const exclusiveVideo = async (s: Scene) => ({ videoId: await s.video(s.owner.id, { isExclusive: true, priceMinor: 999 }) });
const exclusivePlaylist = async (s: Scene) => ({
  playlistId: await createPlaylist(s.ctx.db, s.owner.id, { isExclusive: true, priceMinor: 2500 }),
});
/** A well-formed WebAuthn credential answering a challenge the server never gave. */
const STALE_CREDENTIAL = {
  id: 'c3RhbGU',
  rawId: 'c3RhbGU',
  type: 'public-key',
  response: {
    clientDataJSON: Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: 'bm9uZQ', origin: 'http://localhost' }),
    ).toString('base64url'),
  },
};
/** An empty 1000-byte tus upload of the owner, created through the API. */
const tusUpload = async (s: Scene) => {
  const res = await s.ctx.app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: { cookie: s.owner.cookie, 'tus-resumable': '1.0.0', 'upload-length': '1000' },
  });
  if (res.statusCode !== 201) throw new Error(`tus upload not created: ${res.statusCode} ${res.body}`);
  return { uploadId: String(res.headers.location).split('/').pop()! };
};
/** A live of the owner's waiting for its stream, created through the API. */
const waitingLive = async (s: Scene) => {
  const res = await s.ctx.app.inject({
    method: 'POST',
    url: '/api/live',
    headers: { cookie: s.owner.cookie },
    payload: { title: 'Live', description: 'Waiting for its stream' },
  });
  if (res.statusCode !== 201) throw new Error(`live not created: ${res.statusCode} ${res.body}`);
  return { videoId: res.json().data._id as string };
};
/** Someone else, for the owner to block from their channel. */
const anotherUser = async (s: Scene) => ({ userId: (await createUser(s.ctx.db)).id });
/** A comment on the owner's video held for their review (it held one of their blocked words). */
const heldComment = async (s: Scene) => {
  const commentId = newId();
  const author = await createUser(s.ctx.db);
  await s.ctx.db
    .insertInto('comments')
    .values({ id: commentId, owner_id: author.id, video_id: await s.video(s.owner.id), content: 'held for review', held: true })
    .execute();
  return { commentId };
};
/** Administration (API.md §12): the owner is an admin, anyone else 403 (moderators: admin.test.ts). */
/** A failed video of the owner's whose uploaded source is still stored (what a retry needs). */
const failedVideo = async (s: Scene) => {
  const videoId = await s.video(s.owner.id, { status: 'failed' });
  const sourceKey = `sources/${videoId}`;
  await s.ctx.db.updateTable('videos').set({ source_key: sourceKey }).where('id', '=', videoId).execute();
  await s.ctx.deps.storage.putBuffer(sourceKey, Buffer.from('source bytes'));
  return { videoId };
};
/** An unfinished resumable upload of another user (its record; the store never saw bytes). */
const unfinishedUpload = async (s: Scene) => {
  const id = newId();
  await s.ctx.db
    .insertInto('unfinished_uploads')
    .values({ id, owner_id: (await createUser(s.ctx.db)).id, declared_bytes: 1000 })
    .execute();
  return { id };
};
/** A settled purchase of someone else's exclusive video, bought through the API (the admin refunds it). */
const settledPurchase = async (s: Scene) => {
  const videoId = await s.video((await createUser(s.ctx.db)).id, { isExclusive: true, priceMinor: 999 });
  const buyer = await registerUser(s.ctx);
  const res = await s.ctx.app.inject({
    method: 'POST',
    url: `/api/purchase/buy/video/${videoId}`,
    headers: { cookie: buyer.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`purchase not made: ${res.statusCode} ${res.body}`);
  return { id: res.json().data._id as string };
};
/** The owner's channel offers a membership (the other user may join it; its owner may not). */
const offeringChannel = async (s: Scene) => {
  await s.ctx.db
    .insertInto('membership_offers')
    .values({ channel_id: s.owner.id, price_minor: 500, perks: '' })
    .onConflict((oc) => oc.column('channel_id').doNothing())
    .execute();
  return { channelId: s.owner.id };
};
/** Someone else's channel that the owner is a member of (the owner may cancel; the other user is no member). */
const joinedChannel = async (s: Scene) => {
  const channelId = (await createUser(s.ctx.db)).id;
  await s.ctx.db.insertInto('membership_offers').values({ channel_id: channelId, price_minor: 500, perks: '' }).execute();
  const res = await s.ctx.app.inject({
    method: 'POST',
    url: `/api/memberships/${channelId}`,
    headers: { cookie: s.owner.cookie },
  });
  if (res.statusCode !== 200) throw new Error(`membership not started: ${res.statusCode} ${res.body}`);
  return { channelId };
};
const adminOnly = { ownerRole: 'admin' as const, expect: { anonymous: 401, other: 403, owner: 200 } };
/** An account registered while registrations needed approval. */
const pendingAccount = async (s: Scene) => {
  const { id } = await createUser(s.ctx.db);
  await s.ctx.db.updateTable('users').set({ approval_pending: true }).where('id', '=', id).execute();
  return { id };
};
/** A job that failed, as a worker records it (no worker runs in the security suites). */
const failedJob = async (s: Scene) => {
  const videoId = newId();
  await s.ctx.deps.queue.send('video.transcode', { videoId });
  const { rows } = await sql<{ id: string }>`
    UPDATE pgboss.job SET state = 'failed', completed_on = now() WHERE data->>'videoId' = ${videoId} RETURNING id`.execute(
    s.ctx.db,
  );
  return { id: rows[0]!.id };
};

/**
 * A mailed link's token for the owner (API.md §19), stored as the mail job stores one: the token
 * is the credential, so every caller holding it gets the same answer. `email`: where it was sent.
 */
const accountToken = (purpose: TokenPurpose, email?: (s: Scene) => Promise<string> | string) => async (s: Scene) => {
  const token = newNonce();
  const address =
    email !== undefined
      ? await email(s)
      : (await s.ctx.db.selectFrom('users').select('email').where('id', '=', s.owner.id).executeTakeFirstOrThrow()).email;
  await s.ctx.db
    .insertInto('account_tokens')
    .values({
      token_hash: hashToken(token),
      user_id: s.owner.id,
      purpose,
      email: address,
      expires_at: new Date(Date.now() + 60_000),
    })
    .execute();
  return { token };
};

/** GET and POST both buy (API.md §11); buying your own item is a 400. */
const buy = (path: string, setup: RouteEntry['setup'], owner: number): RouteEntry[] =>
  (['GET', 'POST'] as const).map((method) => ({
    route: `${method} /api/purchase/buy/${path}`,
    setup,
    expect: { anonymous: 401, other: 200, owner },
  }));

export const routeMatrix: RouteEntry[] = [
  // Accounts (API.md §4): public calls, then calls on the caller's own account.
  {
    route: 'POST /api/users/register',
    body: (s) => ({
      form: { fullname: 'New Person', password: 'Passw0rd!', ...s.freshAccount() },
      files: { avatar: imagePart() },
    }),
    expect: { anonymous: 201, other: 201, owner: 201 },
  },
  {
    route: 'POST /api/users/login',
    // The web client sends its one identifier as both username and email (SPEC §7).
    body: (s) => {
      const { username, password } = s.caller ?? s.owner;
      return { json: { username, email: username, password } };
    },
    expect: { anonymous: 200, other: 200, owner: 200 },
  },
  { route: 'POST /api/users/logout', expect: { anonymous: 200, other: 200, owner: 200 } },
  { route: 'POST /api/users/sessions/end-all', expect: { anonymous: 401, other: 200, owner: 200 } },
  {
    route: 'PATCH /api/users/update_details',
    body: () => ({ json: { fullname: 'Renamed Person' } }),
    expect: { anonymous: 401, other: 200, owner: 200 },
  },
  {
    route: 'PATCH /api/users/update_avatar',
    body: () => ({ form: {}, files: { avatar: imagePart() } }),
    expect: { anonymous: 401, other: 200, owner: 200 },
  },
  {
    route: 'PATCH /api/users/update_password',
    body: (s) => ({ json: { oldPassword: s.caller?.password ?? 'x', newPassword: s.caller?.password ?? 'x' } }),
    expect: { anonymous: 401, other: 200, owner: 200 },
  },
  // Account mail (API.md §19): a link's token is its own credential; resend and change of e-mail need a session.
  {
    route: 'POST /api/users/verify-email',
    setup: accountToken('verify-email'),
    body: (_s, p) => ({ json: { token: p.token! } }),
    expect: { anonymous: 200, other: 200, owner: 200 },
  },
  {
    route: 'POST /api/users/verify-email/resend',
    // Entries above prove the owner's address (a reset, a verification): unproven again here.
    setup: async (s) => {
      await s.ctx.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', s.owner.id).execute();
      return {};
    },
    expect: { anonymous: 401, other: 200, owner: 200 },
  },
  {
    route: 'POST /api/users/password/forgot',
    body: (s) => ({ json: { email: s.freshAccount().email } }),
    expect: { anonymous: 200, other: 200, owner: 200 },
  },
  {
    route: 'POST /api/users/password/reset',
    setup: accountToken('password-reset'),
    // The same password again: the cast signs in with it for the next scene.
    body: (s, p) => ({ json: { token: p.token!, newPassword: s.owner.password } }),
    expect: { anonymous: 200, other: 200, owner: 200 },
  },
  {
    route: 'PATCH /api/users/update_email',
    body: (s) => ({ json: { email: s.freshAccount().email, password: s.caller?.password ?? 'x' } }),
    expect: { anonymous: 401, other: 200, owner: 200 },
  },
  {
    route: 'POST /api/users/update_email/confirm',
    setup: accountToken('change-email', (s) => s.freshAccount().email),
    body: (_s, p) => ({ json: { token: p.token! } }),
    expect: { anonymous: 200, other: 200, owner: 200 },
  },
  // Two factors (API.md §19): each acts on the caller's own account only.
  { route: 'POST /api/users/2fa/setup', expect: { anonymous: 401, other: 200, owner: 200 } },
  {
    route: 'POST /api/users/2fa/enable',
    // The caller has set up a secret (as the entry above does): a wrong code is 400.
    setup: async (s) => {
      if (s.caller) await s.ctx.app.inject({ method: 'POST', url: '/api/users/2fa/setup', headers: { cookie: s.caller.cookie } });
      return {};
    },
    body: () => ({ json: { code: '000000' } }),
    expect: { anonymous: 401, other: 400, owner: 400 },
  },
  {
    route: 'POST /api/users/2fa/disable',
    body: (s) => ({ json: { password: s.caller?.password ?? 'x', code: '000000' } }),
    expect: { anonymous: 401, other: 409, owner: 409 },
  },
  // Passkeys (API.md §19): mine only; a credential answering no challenge given is 400.
  { route: 'POST /api/users/passkeys/options', expect: { anonymous: 401, other: 200, owner: 200 } },
  {
    route: 'POST /api/users/passkeys',
    body: () => ({ json: { credential: STALE_CREDENTIAL } }),
    expect: { anonymous: 401, other: 400, owner: 400 },
  },
  {
    route: 'DELETE /api/users/passkeys/:id',
    setup: async (s) => {
      const id = newId();
      await s.ctx.db
        .insertInto('passkeys')
        .values({ id, user_id: s.owner.id, credential_id: `cred-${id}`, public_key: Buffer.from('key'), name: 'Phone' })
        .execute();
      return { id };
    },
    expect: { anonymous: 401, other: 404, owner: 200 },
  },
  { route: 'POST /api/users/login/passkey/options', expect: { anonymous: 200, other: 200, owner: 200 } },
  {
    route: 'POST /api/users/login/passkey',
    body: () => ({ json: { credential: STALE_CREDENTIAL } }),
    expect: { anonymous: 400, other: 400, owner: 400 },
  },
  // An export of one's own data (API.md §19): one a day each.
  {
    route: 'POST /api/users/me/export',
    // Each scene asks afresh: the one-a-day rule starts over (account-export.test.ts tests it).
    setup: async (s) => {
      await s.ctx.db.deleteFrom('account_exports').execute();
      return {};
    },
    expect: { anonymous: 401, other: 202, owner: 202 },
  },
  // Deleting one's own account (API.md §19) with a wrong password: refused, nothing deleted (the
  // scene's users live on; account-deletion.test.ts deletes for real).
  {
    route: 'DELETE /api/users/me',
    body: () => ({ json: { password: 'not the password' } }),
    expect: { anonymous: 401, other: 403, owner: 403 },
  },

  // Videos (API.md §6).
  {
    route: 'POST /api/video/new',
    body: async () => ({
      form: { title: 'A clip', description: 'Made for the matrix' },
      files: { thumbnail: imagePart(), videoFile: await testClip() },
    }),
    expect: { anonymous: 401, other: 201, owner: 201 },
  },
  // Resumable uploads (tus 1.0): creation by any signed-in user; an upload is its creator's alone.
  {
    route: 'POST /api/uploads',
    body: () => ({ tus: { headers: { 'upload-length': '1000', 'upload-metadata': `filename ${btoa('clip.mp4')}` } } }),
    expect: { anonymous: 401, other: 201, owner: 201 },
  },
  {
    route: 'PATCH /api/uploads/:uploadId',
    setup: tusUpload,
    body: () => ({
      tus: {
        headers: { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: Buffer.alloc(100, 7),
      },
    }),
    expect: { anonymous: 401, other: 404, owner: 204 },
  },
  {
    route: 'DELETE /api/uploads/:uploadId',
    setup: tusUpload,
    body: () => ({ tus: { headers: {} } }),
    expect: { anonymous: 401, other: 404, owner: 204 },
  },
  {
    route: 'PATCH /api/video/v/:videoId',
    setup: video,
    body: () => ({ form: { title: 'Edited title', description: 'Edited' } }),
    expect: { anonymous: 401, other: 403, owner: 200 },
  },
  { route: 'DELETE /api/video/v/:videoId', setup: video, expect: { anonymous: 401, other: 403, owner: 200 } },
  { route: 'POST /api/video/v/:videoId/retry', setup: failedVideo, expect: { anonymous: 401, other: 403, owner: 200 } },
  // Captions (API.md §16): the video's owner only.
  {
    route: 'POST /api/video/v/:videoId/captions',
    setup: video,
    body: () => ({
      form: { language: 'en' },
      files: { file: { data: Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nHello\n'), filename: 'en.vtt', type: 'text/vtt' } },
    }),
    expect: { anonymous: 401, other: 403, owner: 201 },
  },
  {
    route: 'DELETE /api/video/v/:videoId/captions/:language',
    setup: videoWithCaptions,
    expect: { anonymous: 401, other: 403, owner: 200 },
  },
  // Progress heartbeats (API.md §16): whoever may watch the video, anonymous viewers too.
  {
    route: 'POST /api/video/v/:videoId/progress',
    setup: video,
    body: () => ({ json: { position: 1, playing: true } }),
    expect: { anonymous: 200, other: 200, owner: 200 },
  },
  // A watch page's view (docs/api.md §6): whoever may watch the video, anonymous viewers too.
  { route: 'POST /api/video/v/:videoId/view', setup: video, expect: { anonymous: 200, other: 200, owner: 200 } },
  // Likes, comments, history (API.md §7).
  { route: 'POST /api/like/v/:videoId', setup: video, expect: { anonymous: 401, other: 200, owner: 200 } },
  { route: 'POST /api/like/c/:commentId', setup: comment, expect: { anonymous: 401, other: 200, owner: 200 } },
  { route: 'POST /api/like/p/:postId', setup: post, expect: { anonymous: 401, other: 200, owner: 200 } },
  {
    route: 'POST /api/comment/post/:postId',
    setup: post,
    body: () => ({ json: { content: 'Nice post' } }),
    expect: { anonymous: 401, other: 201, owner: 201 },
  },
  {
    route: 'POST /api/comment/video/:videoId',
    setup: video,
    body: () => ({ json: { content: 'Nice video' } }),
    expect: { anonymous: 401, other: 201, owner: 201 },
  },
  {
    route: 'POST /api/comment/c/:commentId',
    setup: comment,
    body: () => ({ json: { content: 'Edited comment' } }),
    expect: { anonymous: 401, other: 403, owner: 200 },
  },
  { route: 'DELETE /api/comment/c/:commentId', setup: comment, expect: { anonymous: 401, other: 403, owner: 200 } },
  // Replies and pins (API.md §14): anyone who may watch replies; the video's owner pins.
  {
    route: 'POST /api/comment/c/:commentId/replies',
    setup: comment,
    body: () => ({ json: { content: 'A reply' } }),
    expect: { anonymous: 401, other: 201, owner: 201 },
  },
  { route: 'POST /api/comment/c/:commentId/pin', setup: comment, expect: { anonymous: 401, other: 403, owner: 200 } },
  { route: 'POST /api/watchHistory/track/:videoId', setup: video, expect: { anonymous: 401, other: 200, owner: 200 } },
  {
    route: 'DELETE /api/watchHistory/remove/:entryId',
    setup: async (s) => ({ entryId: await s.historyEntry(s.owner, await s.video(s.owner.id)) }),
    // Another user's entry: signed in but not allowed (API.md §1).
    expect: { anonymous: 401, other: 403, owner: 200 },
  },

  // Posts (API.md §10): anyone signed in writes one; only the author edits or deletes it.
  {
    route: 'POST /api/post/new',
    body: () => ({ json: { content: 'My first post' } }),
    expect: { anonymous: 401, other: 201, owner: 201 },
  },
  {
    route: 'POST /api/post/:postId',
    setup: post,
    body: () => ({ json: { content: 'Edited post' } }),
    expect: { anonymous: 401, other: 403, owner: 200 },
  },
  { route: 'DELETE /api/post/:postId', setup: post, expect: { anonymous: 401, other: 403, owner: 200 } },

  // Playlists (API.md §9): anyone signed in makes one; only its owner changes it.
  {
    route: 'POST /api/playlist',
    body: () => ({ json: { name: 'Road trip', description: 'Songs for the road' } }),
    expect: { anonymous: 401, other: 201, owner: 201 },
  },
  {
    route: 'POST /api/playlist/:id',
    setup: playlist,
    body: () => ({ json: { name: 'Renamed', description: 'New words' } }),
    expect: { anonymous: 401, other: 403, owner: 200 },
  },
  { route: 'DELETE /api/playlist/:id', setup: playlist, expect: { anonymous: 401, other: 403, owner: 200 } },
  {
    route: 'POST /api/playlist/video/:videoId/:playlistId',
    setup: playlistWith(false),
    expect: { anonymous: 401, other: 403, owner: 200 },
  },
  {
    route: 'DELETE /api/playlist/video/:videoId/:playlistId',
    setup: playlistWith(true),
    expect: { anonymous: 401, other: 403, owner: 200 },
  },
  {
    route: 'PATCH /api/playlist/:id/order',
    setup: async (s) => {
      const videoIds = [await s.video(s.owner.id), await s.video(s.owner.id)];
      return { id: await createPlaylist(s.ctx.db, s.owner.id, { videoIds }), first: videoIds[0]!, second: videoIds[1]! };
    },
    body: (_s, params) => ({ json: { videoIds: [params.second, params.first] } }),
    expect: { anonymous: 401, other: 403, owner: 200 },
  },
  // Watch later (API.md §22): everyone signed in keeps their own list; the owner here owns the video.
  { route: 'POST /api/playlist/watch-later/:videoId', setup: video, expect: { anonymous: 401, other: 200, owner: 200 } },
  {
    route: 'DELETE /api/playlist/watch-later/:videoId',
    // The video in the caller's own list first, so removing it is the call's whole effect.
    setup: async (s) => {
      const videoId = await s.video(s.owner.id);
      if (s.caller) {
        const res = await s.ctx.app.inject({
          method: 'POST',
          url: `/api/playlist/watch-later/${videoId}`,
          headers: { cookie: s.caller.cookie },
        });
        if (res.statusCode !== 200) throw new Error(`watch later not added: ${res.statusCode} ${res.body}`);
      }
      return { videoId };
    },
    expect: { anonymous: 401, other: 200, owner: 200 },
  },

  // Purchases (API.md §11): the owner of the item is the seller, who cannot buy it.
  ...buy('video/:videoId', exclusiveVideo, 400),
  ...buy('playlist/:playlistId', exclusivePlaylist, 400),
  ...buy('uploads', undefined, 200),
  // The payment provider's webhook (API.md §20): no session; only an event signed by the provider
  // is read, so every caller's unsigned request is a 400.
  {
    route: 'POST /api/payments/webhook/:provider',
    setup: async () => ({ provider: 'test' }),
    expect: { anonymous: 400, other: 400, owner: 400 },
  },

  // Memberships (API.md §20): a channel's offer is its owner's; joining your own channel is a 400.
  {
    route: 'PUT /api/memberships/offer',
    body: () => ({ json: { price: 5, perks: 'A badge' } }),
    expect: { anonymous: 401, other: 200, owner: 200 },
  },
  { route: 'POST /api/memberships/:channelId', setup: offeringChannel, expect: { anonymous: 401, other: 200, owner: 400 } },
  { route: 'DELETE /api/memberships/:channelId', setup: joinedChannel, expect: { anonymous: 401, other: 404, owner: 200 } },

  // Payouts (API.md §20): each creator connects their own account.
  { route: 'POST /api/payouts/onboarding', expect: { anonymous: 401, other: 200, owner: 200 } },

  // Administration (API.md §12): admins only; admin-test.ts proves what an admin gets.
  {
    route: 'PATCH /api/admin/users/:id',
    setup: async (s) => ({ id: s.other.id }),
    body: () => ({ json: { role: 'user', uploadLimit: 3 } }),
    ...adminOnly,
  },
  { route: 'POST /api/admin/users/:id/approve', setup: pendingAccount, ...adminOnly },
  { route: 'DELETE /api/admin/users/:id', setup: async (s) => ({ id: (await createUser(s.ctx.db)).id }), ...adminOnly },
  {
    route: 'POST /api/admin/users/:id/2fa/reset',
    setup: async (s) => {
      const { id } = await createUser(s.ctx.db);
      await s.ctx.db.insertInto('user_two_factor').values({ user_id: id, secret: 'JBSWY3DPEHPK3PXP', enabled: true }).execute();
      return { id };
    },
    body: () => ({ json: { reason: 'Lost their phone' } }),
    ...adminOnly,
  },
  { route: 'POST /api/admin/jobs/:id/retry', setup: failedJob, ...adminOnly },
  { route: 'POST /api/admin/purchases/:id/refund', setup: settledPurchase, ...adminOnly },
  { route: 'DELETE /api/admin/uploads/:id', setup: unfinishedUpload, ...adminOnly },
  { route: 'PATCH /api/admin/settings', body: () => ({ json: { instanceName: 'Matrix' } }), ...adminOnly },

  // A creator's own space (API.md §12): each acts on their own channel only.
  { route: 'POST /api/channel/blocks/:userId', setup: anotherUser, expect: { anonymous: 401, other: 200, owner: 200 } },
  { route: 'DELETE /api/channel/blocks/:userId', setup: anotherUser, expect: { anonymous: 401, other: 200, owner: 200 } },
  {
    route: 'PUT /api/channel/blocked-words',
    body: () => ({ json: { words: ['spam', 'free money'] } }),
    expect: { anonymous: 401, other: 200, owner: 200 },
  },
  // Another channel's held comment is not theirs to find.
  {
    route: 'POST /api/channel/held-comments/:commentId/approve',
    setup: heldComment,
    expect: { anonymous: 401, other: 404, owner: 200 },
  },
  {
    route: 'DELETE /api/channel/held-comments/:commentId',
    setup: heldComment,
    expect: { anonymous: 401, other: 404, owner: 200 },
  },

  // Reports and moderation (API.md §12): anyone signed in reports what they can see; the queue,
  // takedowns and suspensions are for moderators and admins: the owner is a moderator here.
  {
    route: 'POST /api/reports',
    setup: video,
    body: (_s, p) => ({ json: { targetType: 'video', targetId: p.videoId, reason: 'spam' } }),
    expect: { anonymous: 401, other: 201, owner: 201 },
  },
  {
    route: 'POST /api/admin/reports/:id/reject',
    ownerRole: 'moderator',
    setup: async (s) => {
      const reporter = await createUser(s.ctx.db);
      const id = newId();
      const targetId = await s.video(reporter.id);
      await s.ctx.db
        .insertInto('reports')
        .values({ id, reporter_id: reporter.id, target_type: 'video', target_id: targetId, reason: 'spam' })
        .execute();
      return { id };
    },
    body: () => ({ json: { note: 'Not a problem' } }),
    expect: { anonymous: 401, other: 403, owner: 200 },
  },
  {
    route: 'POST /api/admin/takedown',
    ownerRole: 'moderator',
    setup: async (s) => ({ videoId: await s.video((await createUser(s.ctx.db)).id) }),
    body: (_s, p) => ({ json: { targetType: 'video', targetId: p.videoId, reason: 'Spam' } }),
    expect: { anonymous: 401, other: 403, owner: 200 },
  },
  {
    route: 'POST /api/admin/restore',
    ownerRole: 'moderator',
    setup: async (s) => {
      const videoId = await s.video((await createUser(s.ctx.db)).id);
      await s.ctx.db
        .updateTable('videos')
        .set({ status: 'removed', removed_reason: 'Spam', removed_by: 'takedown', status_before_removal: 'ready' })
        .where('id', '=', videoId)
        .execute();
      return { videoId };
    },
    body: (_s, p) => ({ json: { targetType: 'video', targetId: p.videoId } }),
    expect: { anonymous: 401, other: 403, owner: 200 },
  },
  {
    route: 'POST /api/admin/users/:id/suspend',
    ownerRole: 'moderator',
    setup: async (s) => ({ id: (await createUser(s.ctx.db)).id }),
    body: () => ({ json: { reason: 'Spam' } }),
    expect: { anonymous: 401, other: 403, owner: 200 },
  },
  {
    route: 'POST /api/admin/users/:id/unsuspend',
    ownerRole: 'moderator',
    setup: async (s) => {
      const user = await createUser(s.ctx.db);
      await s.ctx.db
        .updateTable('users')
        .set({ suspended_reason: 'Spam', suspended_at: new Date() })
        .where('id', '=', user.id)
        .execute();
      return { id: user.id };
    },
    body: () => ({ json: { reason: 'Cleared' } }),
    expect: { anonymous: 401, other: 403, owner: 200 },
  },

  // Subscriptions (API.md §8): the owner is the channel; subscribing to yourself is a 400.
  {
    route: 'POST /api/subscription/channel/:channelId',
    setup: async (s) => ({ channelId: s.owner.id }),
    expect: { anonymous: 401, other: 200, owner: 400 },
  },

  // Notifications (API.md §13): everyone signed in reads, marks and sets their own only.
  {
    route: 'POST /api/notifications/read',
    // An id nobody has: marking it changes nothing, and answers the unread count.
    body: () => ({ json: { ids: ['1'] } }),
    expect: { anonymous: 401, other: 200, owner: 200 },
  },
  {
    route: 'PATCH /api/notifications/settings',
    body: () => ({ json: { types: { 'video.published': false }, email: { 'comment.created': true } } }),
    expect: { anonymous: 401, other: 200, owner: 200 },
  },
  // A digest's one-click unsubscribe URL (RFC 8058): its signed token is the credential, no session needed.
  {
    route: 'POST /api/notifications/unsubscribe/:token',
    setup: async (s) => ({ token: unsubscribeToken(s.ctx.deps.mediaSecret, { userId: s.owner.id, types: ['comment.created'] }) }),
    expect: { anonymous: 200, other: 200, owner: 200 },
  },

  // Lives (API.md §17): anyone signed in starts one (an upload slot); only its owner renews its key or ends it.
  {
    route: 'POST /api/live',
    body: () => ({ json: { title: 'Live from the matrix', description: 'A stream that never comes' } }),
    expect: { anonymous: 401, other: 201, owner: 201 },
  },
  {
    route: 'POST /api/live/:videoId/key',
    setup: waitingLive,
    expect: { anonymous: 401, other: 403, owner: 200 },
  },
  {
    route: 'POST /api/live/:videoId/end',
    setup: waitingLive,
    expect: { anonymous: 401, other: 403, owner: 200 },
  },
];
