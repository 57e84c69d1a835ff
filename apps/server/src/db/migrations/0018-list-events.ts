import { sql, type Kysely } from 'kysely';

/**
 * List and search caches are cleared by events now (features/video-list/list-changes.ts),
 * published by the services in the transaction of each change a list shows. The NOTIFY triggers
 * of 0011 (one notification per changed row's transaction, views and likes included: every
 * counted view emptied every process's cache, and NOTIFY serialises commits) and the search
 * version of 0005 (a hot counter row bumped by every upload and edit, read before each search)
 * go. The catalogue counters and search words of 0003 stay: they are the list's own data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER video_list_insert ON videos;
    DROP TRIGGER video_list_delete ON videos;
    DROP TRIGGER video_list_truncate ON videos;
    DROP TRIGGER video_list_update ON videos;
    DROP TRIGGER video_list_owner_update ON users;
    DROP FUNCTION video_list_changed();
    DROP FUNCTION video_list_after_insert();
    DROP FUNCTION video_list_after_delete();

    DROP TRIGGER video_search_version_insert ON videos;
    DROP TRIGGER video_search_version_delete ON videos;
    DROP TRIGGER video_search_version_update ON videos;
    DROP TRIGGER video_search_version_truncate ON videos;
    DROP FUNCTION video_search_version_after_insert();
    DROP FUNCTION video_search_version_after_delete();
    DROP FUNCTION video_search_version_after_change();
    DROP FUNCTION video_search_version_bump();
    DELETE FROM video_totals WHERE name = 'search_version';
  `.execute(db);
}
