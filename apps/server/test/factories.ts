import type { Db } from '../src/db/database.ts';
import type { VideoStatus } from '../src/db/schema.ts';
import { newId } from '../src/lib/ids.ts';

/**
 * Rows inserted directly, for tests that need many users or videos quickly (no argon2, no
 * ffmpeg). Use `registerUser` from support.ts when the test needs a signed-in session.
 */

let seq = 0;
const unique = () => `${process.pid}x${++seq}x${Math.floor(Math.random() * 1e6)}`;

export interface UserRow {
  id: string;
  username: string;
  fullname: string;
}

export async function createUser(db: Db, overrides: Partial<Omit<UserRow, 'id'>> = {}): Promise<UserRow> {
  const suffix = unique();
  const row = { id: newId(), username: `f${suffix}`, fullname: `Factory User ${suffix}`, ...overrides };
  await db
    .insertInto('users')
    .values({ ...row, email: `${row.username}@example.com`, avatar: '/media/avatars/factory.webp', password_hash: 'not-a-hash' })
    .execute();
  return row;
}

export interface VideoFields {
  title: string;
  description: string;
  status: VideoStatus;
  views: number;
  likes: number;
  duration: number;
  createdAt: Date;
  isExclusive: boolean;
  priceMinor: number | null;
}

/** A video of `ownerId`; ready by default, so it is listed. */
export async function createVideo(db: Db, ownerId: string, fields: Partial<VideoFields> = {}): Promise<string> {
  const [id] = await createVideos(db, ownerId, [fields]);
  return id!;
}

/** Several videos in one statement; ids come back in the order of `list`. */
export async function createVideos(db: Db, ownerId: string, list: Partial<VideoFields>[]): Promise<string[]> {
  if (list.length === 0) return [];
  const rows = list.map((f) => {
    const id = newId();
    return {
      id,
      owner_id: ownerId,
      title: f.title ?? `Factory video ${unique()}`,
      description: f.description ?? 'Made by a test factory',
      thumbnail: `/media/thumbnails/${id}.webp`,
      status: f.status ?? 'ready',
      views: f.views ?? 0,
      likes: f.likes ?? 0,
      duration: f.duration ?? 60,
      is_exclusive: f.isExclusive ?? false,
      price_minor: f.isExclusive ? (f.priceMinor ?? 500) : null,
      ...(f.createdAt ? { created_at: f.createdAt, updated_at: f.createdAt } : {}),
    };
  });
  await db.insertInto('videos').values(rows).execute();
  return rows.map((r) => r.id);
}

/** `count` posts of `ownerId`, in one statement; ids come back oldest first. */
export async function createPosts(db: Db, ownerId: string, count: number): Promise<string[]> {
  if (count === 0) return [];
  const rows = Array.from({ length: count }, (_, i) => ({ id: newId(), owner_id: ownerId, content: `Factory post ${i + 1}` }));
  await db.insertInto('posts').values(rows).execute();
  return rows.map((r) => r.id);
}
