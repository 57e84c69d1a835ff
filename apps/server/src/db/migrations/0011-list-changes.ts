import { sql, type Kysely } from 'kysely';

/**
 * A notification on channel `video_list_changed` with every committed change a public list
 * page (GET /api/video: cards, order, filters, totals) could show: a ready video inserted or
 * deleted, a video becoming ready or leaving ready, a ready video's card fields or sort keys
 * changing (views and likes included), a channel's names or avatar changing. Every API process
 * listens (db/listener.ts) and clears its list micro-cache (createListPages). PostgreSQL sends
 * notifications only on commit, never for a rolled-back change, and once per transaction however
 * many rows or statements fired them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION video_list_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM pg_notify('video_list_changed', '');
      RETURN NULL;
    END $fn$;
    CREATE FUNCTION video_list_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF EXISTS (SELECT 1 FROM new_rows WHERE status = 'ready') THEN PERFORM pg_notify('video_list_changed', ''); END IF;
      RETURN NULL;
    END $fn$;
    CREATE FUNCTION video_list_after_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF EXISTS (SELECT 1 FROM old_rows WHERE status = 'ready') THEN PERFORM pg_notify('video_list_changed', ''); END IF;
      RETURN NULL;
    END $fn$;

    -- Statement-level: a bulk insert or delete (a channel's videos going with it) checks once.
    CREATE TRIGGER video_list_insert AFTER INSERT ON videos
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION video_list_after_insert();
    CREATE TRIGGER video_list_delete AFTER DELETE ON videos
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION video_list_after_delete();
    CREATE TRIGGER video_list_truncate AFTER TRUNCATE ON videos
      FOR EACH STATEMENT EXECUTE FUNCTION video_list_changed();
    -- Row-level with WHEN (a column list rules out transition tables): progress and file updates
    -- of a video still processing never call the function.
    CREATE TRIGGER video_list_update
      AFTER UPDATE OF status, title, description, thumbnail, duration, views, likes, is_exclusive, price_minor, created_at, owner_id
      ON videos
      FOR EACH ROW WHEN (
        (OLD.status = 'ready' OR NEW.status = 'ready')
        AND (OLD.status, OLD.title, OLD.description, OLD.thumbnail, OLD.duration, OLD.views, OLD.likes,
             OLD.is_exclusive, OLD.price_minor, OLD.created_at, OLD.owner_id)
          IS DISTINCT FROM
            (NEW.status, NEW.title, NEW.description, NEW.thumbnail, NEW.duration, NEW.views, NEW.likes,
             NEW.is_exclusive, NEW.price_minor, NEW.created_at, NEW.owner_id)
      ) EXECUTE FUNCTION video_list_changed();
    -- Cards name their channel; the name filter matches username or full name.
    CREATE TRIGGER video_list_owner_update AFTER UPDATE OF username, fullname, avatar ON users
      FOR EACH ROW WHEN ((OLD.username, OLD.fullname, OLD.avatar) IS DISTINCT FROM (NEW.username, NEW.fullname, NEW.avatar))
      EXECUTE FUNCTION video_list_changed();
  `.execute(db);
}
