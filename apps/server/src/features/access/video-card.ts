import type { Kysely } from 'kysely';
import { toAmount, type DashboardVideo, type VideoCard } from '@streamhub/contract';
import type { Database, Visibility } from '../../db/schema.ts';
import { listed } from './access.sql.ts';

/** Videos joined with their owners (`owner`), selecting the columns every video card needs. */
export function selectCards(db: Kysely<Database>) {
  return db
    .selectFrom('videos')
    .innerJoin('users as owner', 'owner.id', 'videos.owner_id')
    .select([
      'videos.id',
      'videos.title',
      'videos.description',
      'videos.thumbnail',
      'videos.duration',
      'videos.views',
      'videos.created_at',
      'videos.is_exclusive',
      'videos.members_only',
      'videos.visibility',
      'videos.price_minor',
      'videos.live_state',
      'owner.id as owner_id',
      'owner.fullname as owner_fullname',
      'owner.username as owner_username',
      'owner.avatar as owner_avatar',
    ]);
}

/** Cards of these listed videos, in the order of `ids`; a video gone or unlisted meanwhile is left out. */
export async function listedCardsInOrder(db: Kysely<Database>, ids: readonly string[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectCards(db).where('videos.id', 'in', ids).where(listed()).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface CardRow {
  id: string;
  title: string;
  description: string;
  thumbnail: string;
  duration: number;
  views: number;
  created_at: Date;
  is_exclusive: boolean;
  members_only?: boolean;
  visibility: Visibility;
  price_minor: number | null;
  /** A live's state (migration 0023): `live` shows the LIVE badge. */
  live_state: 'waiting' | 'live' | 'ended' | null;
  owner_id: string;
  owner_fullname: string;
  owner_username: string;
  owner_avatar: string;
}

/** API.md §3 VideoCard: owner is a one-element array; never any file URL. */
export function toVideoCard(row: CardRow): VideoCard {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    thumbnail: row.thumbnail,
    duration: row.duration,
    views: row.views,
    createdAt: row.created_at.toISOString(),
    isExclusive: row.is_exclusive,
    ...(row.is_exclusive ? { price: toAmount(row.price_minor) } : {}),
    ...(row.live_state === 'live' ? { isLive: true } : {}),
    owner: [{ _id: row.owner_id, fullname: row.owner_fullname, username: row.owner_username, avatar: row.owner_avatar }],
  };
}

export function toDashboardVideo(
  row: CardRow & {
    status: DashboardVideo['status'];
    progress: number;
    failure_reason: string | null;
    removed_reason: string | null;
    publish_at: Date | null;
  },
): DashboardVideo {
  return {
    ...toVideoCard(row),
    visibility: row.visibility,
    // The owner's edit page starts its Members only switch from it (API.md §20).
    membersOnly: row.members_only ?? false,
    status: row.status,
    progress: row.progress,
    failureReason: row.failure_reason,
    removedReason: row.removed_reason,
    publishAt: row.publish_at?.toISOString() ?? null,
  };
}
