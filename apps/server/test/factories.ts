import type { Db } from '../src/db/database.ts';
import type { VideoStatus, Visibility } from '../src/db/schema.ts';
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
    .values({ ...row, email: `${row.username}@example.com`, avatar: 'avatars/factory.webp', password_hash: 'not-a-hash' })
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
  visibility: Visibility;
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
      thumbnail: `thumbnails/${id}.webp`,
      media_key: f.isExclusive ? `exclusive/${id}` : `videos/${id}`,
      status: f.status ?? 'ready',
      views: f.views ?? 0,
      likes: f.likes ?? 0,
      duration: f.duration ?? 60,
      is_exclusive: f.isExclusive ?? false,
      visibility: f.visibility ?? 'public',
      price_minor: f.isExclusive ? (f.priceMinor ?? 500) : null,
      ...(f.createdAt ? { created_at: f.createdAt, updated_at: f.createdAt } : {}),
    };
  });
  await db.insertInto('videos').values(rows).execute();
  return rows.map((r) => r.id);
}

/** A playlist of `ownerId` holding `videoIds` in that order. */
export async function createPlaylist(
  db: Db,
  ownerId: string,
  fields: { name?: string; isExclusive?: boolean; priceMinor?: number; videoIds?: string[]; visibility?: Visibility } = {},
): Promise<string> {
  const id = newId();
  await db
    .insertInto('playlists')
    .values({
      id,
      owner_id: ownerId,
      name: fields.name ?? `Factory playlist ${unique()}`,
      description: 'Made by a test factory',
      is_exclusive: fields.isExclusive ?? false,
      visibility: fields.visibility ?? 'public',
      price_minor: fields.isExclusive ? (fields.priceMinor ?? 3000) : null,
    })
    .execute();
  for (const videoId of fields.videoIds ?? []) {
    await db.insertInto('playlist_videos').values({ playlist_id: id, video_id: videoId }).execute();
  }
  return id;
}

/**
 * A settled purchase of a video or playlist by `buyerId` and the entitlement it granted, written
 * directly (no journal): for tests of who may watch what. Purchases tests buy through the API.
 */
export async function createEntitlement(
  db: Db,
  buyerId: string,
  item: { videoId: string } | { playlistId: string },
): Promise<string> {
  const purchaseId = newId();
  const isVideo = 'videoId' in item;
  const seller = isVideo
    ? await db.selectFrom('videos').select('owner_id').where('id', '=', item.videoId).executeTakeFirstOrThrow()
    : await db.selectFrom('playlists').select('owner_id').where('id', '=', item.playlistId).executeTakeFirstOrThrow();
  const target = isVideo ? { video_id: item.videoId } : { playlist_id: item.playlistId };
  const kind = isVideo ? ('video' as const) : ('playlist' as const);
  await db
    .insertInto('purchases')
    .values({
      id: purchaseId,
      buyer_id: buyerId,
      kind,
      ...target,
      seller_id: seller.owner_id,
      title: 'Factory purchase',
      amount_minor: 500,
      idempotency_key: purchaseId,
      provider: 'factory',
      status: 'settled',
      settled_at: new Date(),
    })
    .execute();
  await db
    .insertInto('entitlements')
    .values({ id: newId(), user_id: buyerId, kind, ...target, purchase_id: purchaseId })
    .execute();
  return purchaseId;
}

/** `count` posts of `ownerId`, in one statement; ids come back oldest first. */
export async function createPosts(db: Db, ownerId: string, count: number): Promise<string[]> {
  if (count === 0) return [];
  const rows = Array.from({ length: count }, (_, i) => ({ id: newId(), owner_id: ownerId, content: `Factory post ${i + 1}` }));
  await db.insertInto('posts').values(rows).execute();
  return rows.map((r) => r.id);
}
