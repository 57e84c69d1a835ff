import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { withDatabase } from '../../test/global-setup.ts';
import { createTestContext, registerUser } from '../../test/support.ts';
import { newId } from '../lib/ids.ts';
import { appliedMigrations, createDb, migrateToLatest, NewerSchemaError } from './database.ts';
import { migrations } from './migrations/index.ts';

// Upgrades (docs/upgrade.md): a database made by the previous release's migrations, with data in
// it, is migrated by this code at start and serves that data; a database migrated by newer code
// is refused with a clear message.

/** The last migration of the release before this one: what an instance being upgraded has. */
const PREVIOUS_RELEASE = '0024-recommendations-faster';

const adminUrl = inject('adminDatabaseUrl');
const created: string[] = [];
async function emptyDatabase(): Promise<string> {
  const name = `u_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(name);
  return withDatabase(adminUrl, name);
}
afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

// The previous release's schema, with a channel, a subscriber, a video, a comment and a like in it.
const url = await emptyDatabase();
const old = createDb(url, 2);
await new Migrator({ db: old, provider: { getMigrations: async () => migrations } }).migrateTo(PREVIOUS_RELEASE);
const channelId = newId();
const fanId = newId();
const videoId = newId();
const commentId = newId();
await old
  .insertInto('users')
  .values([
    {
      id: channelId,
      username: 'oldchannel',
      email: 'old@example.com',
      fullname: 'Old Channel',
      avatar: 'avatars/a.webp',
      password_hash: 'x',
    },
    {
      id: fanId,
      username: 'oldfan',
      email: 'fan@example.com',
      fullname: 'Old Fan',
      avatar: 'avatars/b.webp',
      password_hash: 'x',
    },
  ])
  .execute();
await old
  .insertInto('videos')
  .values({
    id: videoId,
    owner_id: channelId,
    title: 'Made before the upgrade',
    description: 'Still here after it',
    thumbnail: `thumbnails/${videoId}.webp`,
    media_key: `videos/${videoId}`,
    status: 'ready',
    duration: 42,
    has_hls: true,
    has_mp4: true,
  })
  .execute();
await old.insertInto('comments').values({ id: commentId, owner_id: fanId, video_id: videoId, content: 'First!' }).execute();
await old.insertInto('subscriptions').values({ id: newId(), subscriber_id: fanId, channel_id: channelId }).execute();
await old.destroy();

// This code starts on it: start-up runs the migrations it lacks (deps.ts), then the app serves it.
const upgrading = createDb(url, 2);
await migrateToLatest(upgrading);
await upgrading.destroy();
const ctx = await createTestContext({ DATABASE_URL: url });

describe('upgrading a database made by the previous release', () => {
  it('applies the newer migrations and keeps every row, which the API serves', async () => {
    const db = createDb(url, 2);
    try {
      const applied = await appliedMigrations(db);
      expect(applied).toEqual(Object.keys(migrations).sort());
      expect(applied.indexOf(PREVIOUS_RELEASE)).toBeLessThan(applied.length - 1);
      // Columns added since take their defaults on old rows.
      const row = await db
        .selectFrom('videos')
        .select(['title', 'thumbnail_candidates'])
        .where('id', '=', videoId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ title: 'Made before the upgrade', thumbnail_candidates: 0 });
    } finally {
      await db.destroy();
    }
    const { app } = ctx;
    const list = (await app.inject({ method: 'GET', url: '/api/video?page=1' })).json().data;
    expect(list.videos.map((v: { _id: string }) => v._id)).toContain(videoId);
    const comments = (await app.inject({ method: 'GET', url: `/api/comment/video/${videoId}` })).json().data;
    expect(comments).toMatchObject([{ _id: commentId, content: 'First!', owner: { username: 'oldfan' } }]);
    // Old rows in a new feature: the fan's subscriptions feed has the old video.
    const fan = await registerUser(ctx);
    await ctx.db.updateTable('subscriptions').set({ subscriber_id: fan.id }).where('subscriber_id', '=', fanId).execute();
    const feed = (await app.inject({ method: 'GET', url: '/api/subscription/feed', headers: { cookie: fan.cookie } })).json()
      .data;
    expect(feed).toMatchObject({ total: 1, videos: [{ _id: videoId, owner: [{ username: 'oldchannel' }] }] });
  });

  it('refuses a database migrated by newer code, naming what to do, and changes nothing', async () => {
    const newer = await emptyDatabase();
    const db = createDb(newer, 2);
    try {
      await migrateToLatest(db);
      await db
        .insertInto('kysely_migration' as never)
        .values({ name: '9999-from-the-future', timestamp: new Date().toISOString() } as never)
        .execute();
      const before = await appliedMigrations(db);
      const refused = await migrateToLatest(db).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(NewerSchemaError);
      expect((refused as Error).message).toMatch(
        /migrated by a newer version of StreamHub.*9999-from-the-future.*docs\/upgrade\.md/,
      );
      expect(await appliedMigrations(db)).toEqual(before);
    } finally {
      await db.destroy();
    }
  });
});
