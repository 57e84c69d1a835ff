import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DayProgress } from './progress-tracker.ts';

/** Which videos a studio question is about: one video, or every video of an owner. */
export type AnalyticsScope = { ownerId: string; videoId?: string };

/** All SQL of the studio's analytics (migration 0022, docs/studio.md). */
export function createAnalyticsRepo(db: Db) {
  /** The scope's rows of video_daily_stats `s`, as a WHERE condition. */
  const inScope = (scope: AnalyticsScope) =>
    scope.videoId
      ? sql`s.video_id = ${scope.videoId}`
      : sql`s.video_id IN (SELECT id FROM videos WHERE owner_id = ${scope.ownerId})`;

  return {
    /** What a heartbeat needs of its video: its duration and whether it is ready. */
    async playable(videoId: string) {
      return db.selectFrom('videos').select(['duration', 'status']).where('id', '=', videoId).executeTakeFirst();
    },

    async ownerOf(videoId: string): Promise<string | undefined> {
      const row = await db.selectFrom('videos').select('owner_id').where('id', '=', videoId).executeTakeFirst();
      return row?.owner_id;
    },

    /**
     * Adds a flush's totals to their days in one statement, in video order (the view flush's lock
     * order too). A video deleted meanwhile is skipped.
     */
    async addProgress(batch: DayProgress[]): Promise<void> {
      if (batch.length === 0) return;
      const rows = [...batch]
        .sort((a, b) => (a.videoId + a.day < b.videoId + b.day ? -1 : 1))
        .map((t) => ({
          video_id: t.videoId,
          day: t.day,
          watch_seconds: t.watchSeconds,
          sessions: t.sessions,
          reached: t.reached,
        }));
      await sql`
        INSERT INTO video_daily_stats AS s (video_id, day, watch_seconds, sessions, reached)
        SELECT d.video_id, d.day, d.watch_seconds, d.sessions, d.reached
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               AS d(video_id uuid, day date, watch_seconds double precision, sessions integer, reached integer[])
         WHERE EXISTS (SELECT 1 FROM videos v WHERE v.id = d.video_id)
        ON CONFLICT (video_id, day) DO UPDATE SET
          watch_seconds = s.watch_seconds + excluded.watch_seconds,
          sessions = s.sessions + excluded.sessions,
          reached = ARRAY(SELECT a + b FROM unnest(s.reached, excluded.reached) WITH ORDINALITY AS u(a, b, i) ORDER BY i)`.execute(
        db,
      );
    },

    /** Views, watch seconds and sessions per day of the range (days without a row are missing). */
    async perDay(scope: AnalyticsScope, from: string, to: string) {
      const { rows } = await sql<{ day: string; views: number; watch_seconds: number; sessions: number }>`
        SELECT s.day, sum(s.views)::int AS views, sum(s.watch_seconds)::float8 AS watch_seconds, sum(s.sessions)::int AS sessions
          FROM video_daily_stats s
         WHERE ${inScope(scope)} AND s.day BETWEEN ${from}::date AND ${to}::date
         GROUP BY s.day`.execute(db);
      return rows;
    },

    /** Sessions that reached each retention point in the range, summed over its days (index 0 … 20). */
    async reached(scope: AnalyticsScope, from: string, to: string): Promise<number[]> {
      const { rows } = await sql<{ i: number; n: number }>`
        SELECT u.i::int AS i, sum(u.n)::int AS n
          FROM video_daily_stats s, unnest(s.reached) WITH ORDINALITY AS u(n, i)
         WHERE ${inScope(scope)} AND s.day BETWEEN ${from}::date AND ${to}::date
         GROUP BY u.i`.execute(db);
      const out = new Array<number>(21).fill(0);
      for (const r of rows) out[r.i - 1] = r.n;
      return out;
    },

    /**
     * The creator's earnings per UTC day from the ledger, in minor units: their `creator_earnings`
     * lines negated (a refund's reversal takes its sale back on the day of the refund), as
     * ledger.repo.ts `earningTotals` reads them; for one video, the lines of that video's purchases.
     */
    async earningsPerDay(scope: AnalyticsScope, from: string, to: string) {
      const { rows } = await sql<{ day: string; amount: number }>`
        SELECT (l.created_at AT TIME ZONE 'UTC')::date AS day, -sum(l.amount_minor)::bigint AS amount
          FROM journal_lines l
         WHERE l.user_id = ${scope.ownerId} AND l.account = 'creator_earnings'
           AND (l.created_at AT TIME ZONE 'UTC')::date BETWEEN ${from}::date AND ${to}::date
           ${
             scope.videoId
               ? sql`AND l.entry_id IN (SELECT e.id FROM journal_entries e JOIN purchases p ON p.id = e.purchase_id
                                          WHERE p.video_id = ${scope.videoId})`
               : sql``
           }
         GROUP BY 1`.execute(db);
      return rows;
    },
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
