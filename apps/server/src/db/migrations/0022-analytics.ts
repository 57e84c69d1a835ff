import { sql, type Kysely } from 'kysely';

/**
 * Analytics (API.md §16, docs/studio.md): one row per video and UTC day, never one per heartbeat.
 *
 * - `views`: the day's counted views, added in the statement that adds them to `videos.views`
 *   (the batched view flush, features/videos/view-counter.ts), so the two never disagree.
 * - `watch_seconds`, `sessions`, `reached`: written by the batched heartbeat flush
 *   (features/analytics/progress-tracker.ts): seconds watched that day, viewing sessions started
 *   that day, and `reached[i]` the sessions that reached i × 5 % of the duration (21 points).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE video_daily_stats (
      video_id uuid NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
      day date NOT NULL,
      views integer NOT NULL DEFAULT 0 CHECK (views >= 0),
      watch_seconds double precision NOT NULL DEFAULT 0 CHECK (watch_seconds >= 0),
      sessions integer NOT NULL DEFAULT 0 CHECK (sessions >= 0),
      reached integer[] NOT NULL DEFAULT array_fill(0, ARRAY[21]) CHECK (cardinality(reached) = 21),
      PRIMARY KEY (video_id, day)
    )`.execute(db);
}
