import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { listed, watchableBy } from '../access/access.sql.ts';

/** A page of the sitemap: a public video's watch page or a channel's page, and when it last changed. */
export interface SitemapRow {
  kind: 'video' | 'channel';
  id: string;
  lastmod: Date;
}

/**
 * What an anonymous visitor may find and watch, from the access rule itself: listed and open to
 * nobody-in-particular (not exclusive, not removed).
 */
const PUBLIC_VIDEO = sql<boolean>`${listed('v')} AND ${watchableBy(null, 'v')}`;

/**
 * Every page the sitemap names, in one stable order (videos, then channels; each by id): public
 * videos, and the channels that have at least one (a channel without any is an empty page).
 */
const SITEMAP_ROWS = sql<SitemapRow>`
  SELECT 'video' AS kind, v.id, v.updated_at AS lastmod FROM videos v WHERE ${PUBLIC_VIDEO}
  UNION ALL
  SELECT 'channel' AS kind, v.owner_id AS id, max(v.updated_at) AS lastmod FROM videos v WHERE ${PUBLIC_VIDEO} GROUP BY v.owner_id`;

export function createSharingRepo(db: Db) {
  return {
    /** How many pages the sitemap names. */
    async sitemapCount(): Promise<number> {
      const { rows } = await sql<{ count: string }>`SELECT count(*) AS count FROM (${SITEMAP_ROWS}) s`.execute(db);
      return Number(rows[0]?.count ?? 0);
    },

    /** `limit` of the sitemap's pages from `offset` on. */
    async sitemapRows(offset: number, limit: number): Promise<SitemapRow[]> {
      const { rows } = await sql<SitemapRow>`
        SELECT * FROM (${SITEMAP_ROWS}) s ORDER BY s.kind DESC, s.id LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return rows;
    },
  };
}
export type SharingRepo = ReturnType<typeof createSharingRepo>;
