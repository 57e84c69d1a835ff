import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, expect, it, inject } from 'vitest';
import { withDatabase } from '../../../test/global-setup.ts';
import { newId } from '../../lib/ids.ts';
import { createDb } from '../database.ts';
import { migrations } from './index.ts';

const adminUrl = inject('adminDatabaseUrl');
const name = `m_${randomUUID().replace(/-/g, '')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const db = createDb(withDatabase(adminUrl, name), 2);
afterAll(async () => {
  await db.destroy();
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await cleanup.end();
});

const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });

it('turns stored media URLs into storage keys and gives every video the folder its files are in', async () => {
  await migrator.migrateTo('0008-access-playlists-purchases');
  const userId = newId();
  const [publicId, exclusiveId] = [newId(), newId()];
  await db
    .insertInto('users')
    .values({
      id: userId,
      username: 'keys',
      email: 'keys@example.com',
      fullname: 'Keys',
      avatar: `/media/avatars/${userId}-a.webp`,
      password_hash: 'x',
    })
    .execute();
  const video = (id: string, isExclusive: boolean) => ({
    id,
    owner_id: userId,
    title: 't',
    description: 'd',
    thumbnail: `/media/thumbnails/${id}-t.webp`,
    is_exclusive: isExclusive,
    price_minor: isExclusive ? 500 : null,
  });
  // The rows as the app wrote them before: no media_key column yet.
  await (db as any)
    .insertInto('videos')
    .values([video(publicId, false), video(exclusiveId, true)])
    .execute();

  await migrator.migrateToLatest();

  const user = await db.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirstOrThrow();
  expect(user.avatar).toBe(`avatars/${userId}-a.webp`);
  const videos = await db.selectFrom('videos').select(['id', 'thumbnail', 'media_key']).orderBy('id').execute();
  expect(videos).toEqual(
    [publicId, exclusiveId].sort().map((id) => ({ id, thumbnail: `thumbnails/${id}-t.webp`, media_key: `videos/${id}` })),
  );
});
