import { sql, type Kysely } from 'kysely';

/**
 * Replies and pins (API.md §14, docs/community.md) and what recommendations read
 * (docs/recommendations.md).
 *
 * - A reply is a comment with `parent_id` (its top-level comment; one level only, the service
 *   attaches a reply to a reply to the same top-level comment) and the same `video_id` or
 *   `post_id` as its parent, so every rule of the parent (watch, channel blocks, held words,
 *   takedowns) reads it as it reads any comment. Deleting a top-level comment deletes its
 *   replies (foreign key, same statement).
 * - `reply_count` counts a comment's replies that everyone may read (not held, not removed). The
 *   trigger below keeps it in the transaction that adds, deletes, holds, releases, takes down or
 *   restores a reply, whichever feature does it; concurrent replies queue on the parent's row
 *   lock, so no increment is lost.
 * - `pinned`: at most one pinned top-level comment per video and per post (partial unique indexes).
 * - `videos.trend_score`: the age-weighted count of a video's counted views, kept in the
 *   statement that counts a view, as ln(Σ exp(λ·(t − epoch))) (recommendations/trend-score.ts).
 * - `rec_*`: co-watching, built incrementally from watch history and likes by the refresh job:
 *   interactions already counted, how many viewers each video has, how often two videos share a
 *   viewer, and each video's nearest neighbours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE comments
      ADD COLUMN parent_id uuid REFERENCES comments(id) ON DELETE CASCADE,
      ADD COLUMN reply_count integer NOT NULL DEFAULT 0 CHECK (reply_count >= 0),
      ADD COLUMN pinned boolean NOT NULL DEFAULT false,
      ADD CONSTRAINT comments_pinned_top_level CHECK (NOT pinned OR parent_id IS NULL);
    CREATE INDEX comments_replies ON comments (parent_id, created_at, id) WHERE parent_id IS NOT NULL;
    CREATE UNIQUE INDEX comments_pinned_video ON comments (video_id) WHERE pinned;
    CREATE UNIQUE INDEX comments_pinned_post ON comments (post_id) WHERE pinned;

    CREATE FUNCTION comments_count_replies() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      delta integer := 0;
    BEGIN
      IF TG_OP <> 'DELETE' AND NEW.parent_id IS NOT NULL AND NOT NEW.held AND NEW.removed_reason IS NULL THEN
        delta := delta + 1;
      END IF;
      IF TG_OP <> 'INSERT' AND OLD.parent_id IS NOT NULL AND NOT OLD.held AND OLD.removed_reason IS NULL THEN
        delta := delta - 1;
      END IF;
      IF delta <> 0 THEN
        -- Gone already when the parent's own delete is what deleted this reply.
        UPDATE comments SET reply_count = reply_count + delta
        WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.parent_id ELSE NEW.parent_id END);
      END IF;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER comments_reply_count AFTER INSERT OR DELETE OR UPDATE OF held, removed_reason ON comments
      FOR EACH ROW EXECUTE FUNCTION comments_count_replies();

    ALTER TABLE videos ADD COLUMN trend_score double precision;
    CREATE INDEX videos_ready_trend ON videos (trend_score DESC, id DESC) WHERE status = 'ready' AND trend_score IS NOT NULL;

    CREATE TABLE rec_interactions (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      video_id uuid NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
      at timestamptz NOT NULL,
      PRIMARY KEY (user_id, video_id)
    );
    CREATE INDEX rec_interactions_user_latest ON rec_interactions (user_id, at DESC);
    CREATE TABLE rec_video_users (
      video_id uuid PRIMARY KEY REFERENCES videos(id) ON DELETE CASCADE,
      users integer NOT NULL
    );
    -- No foreign keys on the two derived tables below (a check per row made the refresh four
    -- times slower): a video's rows go when its rec_video_users row does (trigger below).
    CREATE TABLE rec_pairs (
      video_id uuid NOT NULL,
      other_id uuid NOT NULL,
      n integer NOT NULL,
      PRIMARY KEY (video_id, other_id)
    );
    CREATE INDEX rec_pairs_other ON rec_pairs (other_id);
    CREATE TABLE rec_neighbours (
      video_id uuid NOT NULL,
      neighbour_id uuid NOT NULL,
      score real NOT NULL,
      PRIMARY KEY (video_id, neighbour_id)
    );
    CREATE INDEX rec_neighbours_neighbour ON rec_neighbours (neighbour_id);
    CREATE FUNCTION rec_video_gone() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM rec_pairs WHERE video_id IN (SELECT video_id FROM gone) OR other_id IN (SELECT video_id FROM gone);
      DELETE FROM rec_neighbours WHERE video_id IN (SELECT video_id FROM gone) OR neighbour_id IN (SELECT video_id FROM gone);
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER rec_video_gone AFTER DELETE ON rec_video_users
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION rec_video_gone();
    -- Interactions newer than this (less an overlap for late commits) are read by the next refresh.
    CREATE TABLE rec_state (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      read_until timestamptz NOT NULL DEFAULT '-infinity'
    );
    INSERT INTO rec_state DEFAULT VALUES;
    CREATE INDEX watch_history_watched_at ON watch_history (watched_at);
    CREATE INDEX video_likes_created_at ON video_likes (created_at);
  `.execute(db);
}
