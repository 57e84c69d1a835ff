import { sql, type Kysely } from 'kysely';

/**
 * Discovery (video list, search, channel pages): indexes and derived tables that keep the list
 * cost flat as the catalogue grows. See docs/discovery.md for the measurements behind them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- A channel's ready videos, newest first: the name filter, "more videos" and channel stats.
    CREATE INDEX videos_ready_owner_newest ON videos (owner_id, created_at DESC, id DESC) WHERE status = 'ready';

    -- Exact size of the unfiltered catalogue without counting a million index entries per page
    -- view. Kept in the same transaction as the row change by triggers; statement-level for
    -- INSERT and DELETE so bulk statements touch the counter once.
    CREATE TABLE video_totals (
      name text PRIMARY KEY,
      value bigint NOT NULL CHECK (value >= 0)
    );
    INSERT INTO video_totals (name, value) SELECT 'ready', count(*) FROM videos WHERE status = 'ready';

    CREATE FUNCTION video_totals_add(delta bigint) RETURNS void LANGUAGE sql AS $fn$
      UPDATE video_totals SET value = value + delta WHERE name = 'ready' AND delta <> 0;
    $fn$;

    CREATE FUNCTION video_totals_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM video_totals_add((SELECT count(*) FROM new_rows WHERE status = 'ready'));
      RETURN NULL;
    END $fn$;
    CREATE FUNCTION video_totals_after_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM video_totals_add(-(SELECT count(*) FROM old_rows WHERE status = 'ready'));
      RETURN NULL;
    END $fn$;
    CREATE FUNCTION video_totals_after_status() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM video_totals_add((NEW.status = 'ready')::int - (OLD.status = 'ready')::int);
      RETURN NULL;
    END $fn$;
    CREATE FUNCTION video_totals_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      UPDATE video_totals SET value = 0 WHERE name = 'ready';
      RETURN NULL;
    END $fn$;

    CREATE TRIGGER video_totals_insert AFTER INSERT ON videos
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION video_totals_after_insert();
    CREATE TRIGGER video_totals_delete AFTER DELETE ON videos
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION video_totals_after_delete();
    -- Row-level with WHEN: the frequent likes/views updates never call the function.
    CREATE TRIGGER video_totals_status AFTER UPDATE OF status ON videos
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION video_totals_after_status();
    CREATE TRIGGER video_totals_truncate AFTER TRUNCATE ON videos
      FOR EACH STATEMENT EXECUTE FUNCTION video_totals_after_truncate();

    -- Ready videos per UTC day of created_at: an order-statistics index for deep pages of the
    -- newest-first list. Page N starts in the day where the running count (newest day first)
    -- passes the offset, so OFFSET only skips within that day instead of over every newer video.
    CREATE TABLE video_ready_days (
      day date PRIMARY KEY,
      ready bigint NOT NULL CHECK (ready >= 0)
    );
    INSERT INTO video_ready_days (day, ready)
      SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM videos WHERE status = 'ready' GROUP BY 1;

    CREATE FUNCTION video_ready_days_add(d date, delta bigint) RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      IF delta > 0 THEN
        INSERT INTO video_ready_days (day, ready) VALUES (d, delta)
        ON CONFLICT (day) DO UPDATE SET ready = video_ready_days.ready + EXCLUDED.ready;
      ELSIF delta < 0 THEN
        UPDATE video_ready_days SET ready = ready + delta WHERE day = d;
      END IF;
    END $fn$;
    CREATE FUNCTION video_ready_days_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM video_ready_days_add(d, n) FROM (
        SELECT (created_at AT TIME ZONE 'UTC')::date AS d, count(*) AS n FROM new_rows WHERE status = 'ready' GROUP BY 1 ORDER BY 1
      ) per_day;
      RETURN NULL;
    END $fn$;
    CREATE FUNCTION video_ready_days_after_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM video_ready_days_add(d, -n) FROM (
        SELECT (created_at AT TIME ZONE 'UTC')::date AS d, count(*) AS n FROM old_rows WHERE status = 'ready' GROUP BY 1 ORDER BY 1
      ) per_day;
      RETURN NULL;
    END $fn$;
    CREATE FUNCTION video_ready_days_after_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF OLD.status = 'ready' THEN PERFORM video_ready_days_add((OLD.created_at AT TIME ZONE 'UTC')::date, -1); END IF;
      IF NEW.status = 'ready' THEN PERFORM video_ready_days_add((NEW.created_at AT TIME ZONE 'UTC')::date, 1); END IF;
      RETURN NULL;
    END $fn$;
    CREATE FUNCTION video_ready_days_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM video_ready_days;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER video_ready_days_insert AFTER INSERT ON videos
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION video_ready_days_after_insert();
    CREATE TRIGGER video_ready_days_delete AFTER DELETE ON videos
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION video_ready_days_after_delete();
    CREATE TRIGGER video_ready_days_update AFTER UPDATE OF status, created_at ON videos
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at)
      EXECUTE FUNCTION video_ready_days_after_update();
    CREATE TRIGGER video_ready_days_truncate AFTER TRUNCATE ON videos
      FOR EACH STATEMENT EXECUTE FUNCTION video_ready_days_after_truncate();

    -- The vocabulary of titles and descriptions, for typo correction (the PostgreSQL manual's
    -- pg_trgm + full-text recipe): a misspelt query word is matched by trigram similarity
    -- against these words, never against the whole catalogue, so its cost follows the size of
    -- the vocabulary, not the number of videos. Words are only added; a stale word only makes a
    -- correction that matches nothing.
    CREATE TABLE search_words (word text PRIMARY KEY);
    CREATE INDEX search_words_trgm ON search_words USING gin (word gin_trgm_ops);

    -- Letter-only words (ASCII, other scripts, parts of hyphenated words) of 4 to 40 letters.
    CREATE FUNCTION search_words_of(title text, description text) RETURNS SETOF text
      LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
      SELECT DISTINCT lower(token) FROM ts_parse('default', title || ' ' || description)
      WHERE tokid IN (1, 2, 10, 11) AND length(token) BETWEEN 4 AND 40;
    $fn$;

    -- Sorted inserts: concurrent uploads sharing new words take row locks in the same order.
    CREATE FUNCTION search_words_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO search_words (word)
        SELECT DISTINCT w FROM new_rows, search_words_of(new_rows.title, new_rows.description) AS w ORDER BY w
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $fn$;
    CREATE FUNCTION search_words_after_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO search_words (word)
        SELECT w FROM search_words_of(NEW.title, NEW.description) AS w ORDER BY w
        ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER search_words_insert AFTER INSERT ON videos
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_insert();
    CREATE TRIGGER search_words_update AFTER UPDATE OF title, description ON videos
      FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description)
      EXECUTE FUNCTION search_words_after_update();

    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM videos, search_words_of(videos.title, videos.description) AS w
      ON CONFLICT DO NOTHING;

    -- OR / AND of tsqueries over rows: one word's alternatives (itself as a prefix, its
    -- corrections), then all words of a query.
    CREATE AGGREGATE tsquery_or_agg(tsquery) (SFUNC = tsquery_or, STYPE = tsquery);
    CREATE AGGREGATE tsquery_and_agg(tsquery) (SFUNC = tsquery_and, STYPE = tsquery);
  `.execute(db);
}
