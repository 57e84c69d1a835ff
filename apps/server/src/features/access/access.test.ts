import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../test/global-setup.ts';
import { createDb } from '../../db/database.ts';
import { migrations } from '../../db/migrations/index.ts';
import { createTestContext } from '../../../test/support.ts';
import { createEntitlement, createPlaylist, createUser, createVideo } from '../../../test/factories.ts';
import { AppError } from '../../lib/errors.ts';
import { listed } from './access.sql.ts';
import type { Viewer } from '../sessions/sessions.service.ts';

const ctx = await createTestContext();
const { db } = ctx;
const { access } = ctx.deps.services;

const viewer = (u: { id: string; username: string; fullname: string }): Viewer => ({
  _id: u.id,
  username: u.username,
  fullname: u.fullname,
  avatar: '',
  sessionId: 'test',
  role: 'user',
});

/** Owner with an exclusive video in an exclusive playlist, and one viewer per branch of the rule. */
async function world() {
  const owner = await createUser(db);
  const stranger = await createUser(db);
  const exclusive = await createVideo(db, owner.id, { isExclusive: true, priceMinor: 900 });
  const open = await createVideo(db, owner.id);
  const ownersPlaylist = await createPlaylist(db, owner.id, { isExclusive: true, videoIds: [exclusive] });
  // Someone else's exclusive playlist containing the owner's video: buying it grants nothing.
  const strangersPlaylist = await createPlaylist(db, stranger.id, { isExclusive: true, videoIds: [exclusive] });
  const videoBuyer = await createUser(db);
  await createEntitlement(db, videoBuyer.id, { videoId: exclusive });
  const playlistBuyer = await createUser(db);
  await createEntitlement(db, playlistBuyer.id, { playlistId: ownersPlaylist });
  const otherPlaylistBuyer = await createUser(db);
  await createEntitlement(db, otherPlaylistBuyer.id, { playlistId: strangersPlaylist });
  const nobody = await createUser(db);
  return { owner, exclusive, open, ownersPlaylist, videoBuyer, playlistBuyer, otherPlaylistBuyer, nobody };
}

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  return { status: e.statusCode, reason: e.reason };
}

describe('the access rule, in batches', () => {
  it('owner, buyer of the video and buyer of a playlist by the same owner may watch; nobody else', async () => {
    const w = await world();
    const ids = [w.exclusive, w.open];
    const cases: [string, Viewer | null, string[]][] = [
      ['owner', viewer(w.owner), [w.exclusive, w.open]],
      ['buyer of the video', viewer(w.videoBuyer), [w.exclusive, w.open]],
      ['buyer of a playlist by the same owner', viewer(w.playlistBuyer), [w.exclusive, w.open]],
      ['buyer of a playlist by another owner', viewer(w.otherPlaylistBuyer), [w.open]],
      ['anonymous', null, [w.open]],
      ['nobody', viewer(w.nobody), [w.open]],
    ];
    for (const [name, who, expected] of cases) {
      expect([...(await access.watchable(who, ids))].sort(), name).toEqual([...expected].sort());
    }
  });

  it('answers many videos in one call and ignores ids that do not exist', async () => {
    const w = await world();
    const more = await Promise.all(Array.from({ length: 30 }, () => createVideo(db, w.owner.id, { isExclusive: true })));
    await createEntitlement(db, w.nobody.id, { videoId: more[3]! });
    const missing = '0190a5f0-0000-7000-8000-000000000000';
    const answer = await access.watchable(viewer(w.nobody), [...more, w.open, missing, w.open]);
    expect([...answer].sort()).toEqual([more[3]!, w.open].sort());
  });

  it('a bought playlist grants the videos added later and stops granting a removed one', async () => {
    const w = await world();
    const later = await createVideo(db, w.owner.id, { isExclusive: true });
    const buyer = viewer(w.playlistBuyer);
    expect((await access.watchable(buyer, [later])).size).toBe(0);
    await db.insertInto('playlist_videos').values({ playlist_id: w.ownersPlaylist, video_id: later }).execute();
    expect([...(await access.watchable(buyer, [later]))]).toEqual([later]);
    await db.deleteFrom('playlist_videos').where('playlist_id', '=', w.ownersPlaylist).where('video_id', '=', later).execute();
    expect((await access.watchable(buyer, [later])).size).toBe(0);
  });

  it("a playlist by the same owner grants only that owner's videos in it", async () => {
    const w = await world();
    const someoneElse = await createUser(db);
    const theirs = await createVideo(db, someoneElse.id, { isExclusive: true });
    await db.insertInto('playlist_videos').values({ playlist_id: w.ownersPlaylist, video_id: theirs }).execute();
    expect((await access.watchable(viewer(w.playlistBuyer), [theirs])).size).toBe(0);
  });
});

describe('gates', () => {
  it('refuses with a reason: signin for anonymous, purchase for a signed-in viewer', async () => {
    const w = await world();
    expect(await refusal(access.assertCanWatch(w.exclusive, null))).toEqual({ status: 401, reason: 'signin' });
    expect(await refusal(access.assertCanWatch(w.exclusive, viewer(w.nobody)))).toEqual({ status: 401, reason: 'purchase' });
    expect(await refusal(access.assertWatchable(w.exclusive, viewer(w.otherPlaylistBuyer)))).toEqual({
      status: 401,
      reason: 'purchase',
    });
    await access.assertCanWatch(w.exclusive, viewer(w.playlistBuyer));
    await access.assertWatchable(w.exclusive, viewer(w.videoBuyer));
    await access.assertWatchable(w.open, null);
  });

  it('an unlisted video: the watch gate lets its owner in; the listed gate answers 404 to everyone', async () => {
    const owner = await createUser(db);
    const processing = await createVideo(db, owner.id, { status: 'processing' });
    await access.assertCanWatch(processing, viewer(owner));
    expect(await refusal(access.assertCanWatch(processing, null))).toEqual({ status: 404, reason: undefined });
    expect(await refusal(access.assertWatchable(processing, viewer(owner)))).toEqual({ status: 404, reason: undefined });
    expect(await refusal(access.assertCanWatch('0190a5f0-0000-7000-8000-000000000000', null))).toMatchObject({
      status: 404,
    });
  });

  it("a playlist's access: not exclusive, its owner, or its buyer", async () => {
    const w = await world();
    const free = await createPlaylist(db, w.owner.id);
    expect(await access.playlistAccess(free, null)).toBe(true);
    expect(await access.playlistAccess(w.ownersPlaylist, null)).toBe(false);
    expect(await access.playlistAccess(w.ownersPlaylist, viewer(w.nobody))).toBe(false);
    expect(await access.playlistAccess(w.ownersPlaylist, viewer(w.videoBuyer))).toBe(false);
    expect(await access.playlistAccess(w.ownersPlaylist, viewer(w.owner))).toBe(true);
    expect(await access.playlistAccess(w.ownersPlaylist, viewer(w.playlistBuyer))).toBe(true);
  });
});

describe('the media rule', () => {
  /** A live session of the user, as the sessions service stores it (the id is the cookie's hash). */
  async function sessionOf(userId: string, expiresAt = new Date(Date.now() + 3_600_000)) {
    const id = crypto.randomUUID();
    await db.insertInto('sessions').values({ id, user_id: userId, expires_at: expiresAt }).execute();
    return id;
  }

  it("is the watch rule for a live session's user; anonymous, or an ended session, gets what is open to everyone", async () => {
    const w = await world();
    expect(await access.decideMedia(w.open, null)).toMatchObject({ open: true, watchable: true, mediaKey: `videos/${w.open}` });
    expect(await access.decideMedia(w.exclusive, null)).toMatchObject({ open: false, watchable: false });
    for (const who of [w.owner, w.videoBuyer, w.playlistBuyer]) {
      expect(await access.decideMedia(w.exclusive, await sessionOf(who.id)), who.username).toMatchObject({
        open: false,
        watchable: true,
        mediaKey: `exclusive/${w.exclusive}`,
      });
    }
    for (const who of [w.otherPlaylistBuyer, w.nobody]) {
      expect(await access.decideMedia(w.exclusive, await sessionOf(who.id)), who.username).toMatchObject({ watchable: false });
    }
    const ended = await sessionOf(w.owner.id, new Date(Date.now() - 1000));
    expect(await access.decideMedia(w.exclusive, ended)).toMatchObject({ watchable: false });
    expect(await access.decideMedia('0190a5f0-0000-7000-8000-000000000000', null)).toBeUndefined();
  });
});

describe('upload quota', () => {
  it('is the default plus the upload slots of the entitlements; a video failed for good holds no slot', async () => {
    const user = await createUser(db);
    await createVideo(db, user.id);
    await createVideo(db, user.id, { status: 'processing' });
    await createVideo(db, user.id, { status: 'failed' });
    expect(await access.uploadQuota(user.id)).toEqual({ uploaded: 2, uploadLimit: ctx.config.uploadLimitDefault });
    await db
      .insertInto('entitlements')
      .values([
        { id: crypto.randomUUID(), user_id: user.id, kind: 'uploads', upload_slots: 5, purchase_id: null },
        { id: crypto.randomUUID(), user_id: user.id, kind: 'uploads', upload_slots: 5, purchase_id: null },
      ])
      .execute();
    expect(await access.uploadQuota(user.id)).toEqual({ uploaded: 2, uploadLimit: ctx.config.uploadLimitDefault + 10 });
  });
});

describe('migration 0008', () => {
  it('moves users.extra_uploads into upload-slot entitlements and drops the column', async () => {
    const adminUrl = inject('adminDatabaseUrl');
    const name = `t_${crypto.randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const fresh = createDb(withDatabase(adminUrl, name), 1);
    try {
      const migrator = new Migrator({ db: fresh, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0007-community')).error).toBeUndefined();
      await sql`
        INSERT INTO users (id, username, email, fullname, avatar, password_hash, extra_uploads) VALUES
          (${crypto.randomUUID()}, 'slots', 'slots@example.com', 'Slots', '', 'x', 10),
          (${crypto.randomUUID()}, 'none', 'none@example.com', 'None', '', 'x', 0)`.execute(fresh);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await sql<{ username: string; kind: string; upload_slots: number; purchase_id: string | null }>`
        SELECT u.username, e.kind, e.upload_slots, e.purchase_id FROM entitlements e JOIN users u ON u.id = e.user_id`.execute(
        fresh,
      );
      expect(rows.rows).toEqual([{ username: 'slots', kind: 'uploads', upload_slots: 10, purchase_id: null }]);
      const column =
        await sql`SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'extra_uploads'`.execute(
          fresh,
        );
      expect(column.rows).toEqual([]);
    } finally {
      await fresh.destroy();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe('the listed predicate', () => {
  it('matches the partial indexes WHERE status = ready, so listing queries can use them', async () => {
    const plan = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const q = trx
        .selectFrom('videos')
        .select('id')
        .where(listed())
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(12);
      const compiled = q.compile();
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>({
        ...compiled,
        sql: `EXPLAIN ${compiled.sql}`,
      });
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    // Any of them proves the predicate matches (which one depends on the table's statistics:
    // with few rows the planner may pick the owner index and sort).
    expect(plan).toMatch(/(?:Index (?:Only )?Scan using|Bitmap Index Scan on) videos_ready_\w+/);
  });
});
