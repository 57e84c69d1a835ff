import { sql, type Kysely } from 'kysely';

/**
 * The search version: a number that changes, in the same transaction, with everything full-text
 * search can find (the set of ready videos, and the title or description of a ready one). A
 * search result computed at version v is exact for as long as the version is v, so the list can
 * keep the ranking of a popular search instead of ranking every match on each page view.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO video_totals (name, value) VALUES ('search_version', 0);
    CREATE FUNCTION video_search_version_bump() RETURNS void LANGUAGE sql AS $fn$
      UPDATE video_totals SET value = value + 1 WHERE name = 'search_version';
    $fn$;
    CREATE FUNCTION video_search_version_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF EXISTS (SELECT 1 FROM new_rows WHERE status = 'ready') THEN PERFORM video_search_version_bump(); END IF;
      RETURN NULL;
    END $fn$;
    CREATE FUNCTION video_search_version_after_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF EXISTS (SELECT 1 FROM old_rows WHERE status = 'ready') THEN PERFORM video_search_version_bump(); END IF;
      RETURN NULL;
    END $fn$;
    CREATE FUNCTION video_search_version_after_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM video_search_version_bump();
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER video_search_version_insert AFTER INSERT ON videos
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION video_search_version_after_insert();
    CREATE TRIGGER video_search_version_delete AFTER DELETE ON videos
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION video_search_version_after_delete();
    -- Likes and views never change what a search finds or its ranking: they do not fire this.
    CREATE TRIGGER video_search_version_update AFTER UPDATE OF status, title, description ON videos
      FOR EACH ROW WHEN (
        ((OLD.status = 'ready') IS DISTINCT FROM (NEW.status = 'ready'))
        OR (NEW.status = 'ready' AND (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description))
      ) EXECUTE FUNCTION video_search_version_after_change();
    CREATE TRIGGER video_search_version_truncate AFTER TRUNCATE ON videos
      FOR EACH STATEMENT EXECUTE FUNCTION video_search_version_after_change();
  `.execute(db);
}
