import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { listed, watchableBy } from '../access/access.sql.ts';
import { listedCardsInOrder, selectCards, type CardRow } from '../access/video-card.ts';
import { trendingFloor } from './trend-score.ts';

/** Knobs of the co-watch refresh (docs/recommendations.md). */
export const NEIGHBOUR_KNOBS = {
  /** A new interaction pairs with this many of the viewer's interactions just before it in time. */
  pairsPerInteraction: 20,
  /** Neighbours kept per video. */
  neighbours: 20,
  /**
   * Score of b as a neighbour of a: n / (viewers(a)^alpha · viewers(b)^(1 − alpha) + shrink), an
   * asymmetric cosine. At 0.5 it is the plain cosine, which ranks a partner seen once with a rare
   * video above one most of a's viewers watched; towards 1 it is "of a's viewers, the share who
   * watched b". 0.8 keeps some of the cosine's damping of what everyone watches.
   */
  alpha: 0.8,
  /** Added to the score's denominator: pairs of videos seen by few viewers count less. */
  shrink: 5,
  /** Interactions this much older than the last refresh are read again (late commits); counted once. */
  overlapSeconds: 300,
};

/** Trending lists at most this many videos (pages beyond are empty). */
export const TRENDING_MAX = 1000;

/** How many candidates For you reads from each source, and how it weighs the viewer's seeds. */
export interface ForYouPool {
  /** The viewer's latest watched or liked videos whose neighbours are candidates, each weighted `seedDecay`^i. */
  seeds: number;
  seedDecay: number;
  neighbours: number;
  subscriptions: number;
  subscriptionDays: number;
  trending: number;
  fresh: number;
}

/**
 * A For-you candidate the viewer may be shown (listed, not theirs, not watched or liked by them),
 * with what each source says of it (null: not from that source).
 */
export interface CandidateRow {
  id: string;
  owner_id: string;
  is_exclusive: boolean;
  watchable: boolean;
  /** Summed co-watch score over the seeds. */
  co_watch: number | null;
  /** Age in hours of a subscribed channel's upload. */
  age_hours: number | null;
  /** Age-weighted views as a share of the most trending video's (0..1]. */
  trend_share: number | null;
  /** 1-based rank in the newest uploads. */
  fresh_rank: number | null;
  /** How many seeds the viewer has (the same on every row). */
  seeds: number;
}

export interface RefreshStats {
  interactions: number;
  pairs: number;
  touched: number;
}

/**
 * How a refresh counts: `incremental` adds what is new to the co-watch tables; `bulk` builds them
 * from scratch, set-based in work tables (allowed only while all four are empty); `auto` (what the
 * job does) builds in bulk while they are empty (the first refresh, or the one after a migration
 * emptied them) and adds incrementally after. Both give the same tables (recommendations.test.ts).
 */
export type RefreshMode = 'auto' | 'incremental' | 'bulk';

/**
 * Memory for each sort and hash of a bulk build (per operation and per parallel worker): it
 * sorts and groups every interaction and every pair once, so more memory means fewer passes over
 * temporary files. The build runs once per empty state.
 */
export const BULK_MEMORY = '1GB';

export function createRecommendationsRepo(db: Db) {
  const trending = () => selectCards(db).where(listed()).where('videos.trend_score', '>=', trendingFloor());

  return {
    /** One page of trending cards (highest age-weighted views first) and how many trend (at most TRENDING_MAX). */
    async trendingPage(offset: number, limit: number): Promise<{ rows: CardRow[]; total: number }> {
      const inList = Math.max(0, Math.min(limit, TRENDING_MAX - offset));
      const rows = inList
        ? await trending()
            .orderBy('videos.trend_score', 'desc')
            .orderBy('videos.id', 'desc')
            .limit(inList)
            .offset(offset)
            .execute()
        : [];
      const { n } = await db
        .selectFrom(
          db
            .selectFrom('videos')
            .select('id')
            .where(listed())
            .where('trend_score', '>=', trendingFloor())
            .limit(TRENDING_MAX)
            .as('t'),
        )
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(n) };
    },

    /** The ids of the `limit` most trending videos, best first. */
    async trendingIds(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('videos')
        .select('id')
        .where(listed())
        .where('trend_score', '>=', trendingFloor())
        .orderBy('trend_score', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** The kept co-watch neighbours of these videos. */
    async neighbours(videoIds: readonly string[]) {
      if (videoIds.length === 0) return [];
      return db
        .selectFrom('rec_neighbours')
        .select(['video_id', 'neighbour_id', 'score'])
        .where('video_id', 'in', videoIds)
        .orderBy('score', 'desc')
        .execute();
    },

    /** Same-channel videos of a video's owner, newest first, the video itself left out. */
    async channelIds(ownerId: string, exceptId: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('videos')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('id', '<>', exceptId)
        .where(listed())
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    async ownerOf(videoId: string): Promise<string | undefined> {
      return (await db.selectFrom('videos').select('owner_id').where('id', '=', videoId).executeTakeFirst())?.owner_id;
    },

    /**
     * Every For-you candidate of a viewer in one statement (one round trip, indexes only): the
     * co-watch neighbours of their latest watched or liked videos (read from history and likes
     * themselves, so a watch counts at once), their subscriptions' recent uploads, trending and the
     * newest uploads; what they watched or liked, their own videos and anything unlisted left out.
     */
    async forYouCandidates(viewerId: string, pool: ForYouPool): Promise<CandidateRow[]> {
      const { rows } = await sql<CandidateRow>`
        WITH seeds AS MATERIALIZED (
          SELECT video_id, (row_number() OVER (ORDER BY max(at) DESC, video_id) - 1)::int AS i FROM (
            (SELECT video_id, watched_at AS at FROM watch_history WHERE user_id = ${viewerId} ORDER BY watched_at DESC LIMIT ${pool.seeds * 2})
            UNION ALL
            (SELECT video_id, created_at FROM video_likes WHERE user_id = ${viewerId} ORDER BY created_at DESC LIMIT ${pool.seeds})
          ) s
          GROUP BY video_id ORDER BY max(at) DESC, video_id LIMIT ${pool.seeds}
        ), co AS (
          SELECT n.neighbour_id AS id, sum(n.score * power(${pool.seedDecay}::float8, s.i))::float8 AS score
          FROM seeds s JOIN rec_neighbours n ON n.video_id = s.video_id
          WHERE n.neighbour_id NOT IN (SELECT video_id FROM seeds)
          GROUP BY n.neighbour_id ORDER BY 2 DESC, 1 LIMIT ${pool.neighbours}
        ), sub AS (
          SELECT v.id, (extract(epoch from now() - v.created_at) / 3600)::float8 AS age_hours
          FROM subscriptions s JOIN videos v ON v.owner_id = s.channel_id
          WHERE s.subscriber_id = ${viewerId} AND ${listed('v')}
            AND v.created_at > now() - make_interval(days => ${pool.subscriptionDays})
          ORDER BY v.created_at DESC, v.id DESC LIMIT ${pool.subscriptions}
        ), trend AS (
          SELECT id, exp(trend_score - max(trend_score) OVER ())::float8 AS share FROM (
            SELECT id, trend_score FROM videos WHERE ${listed()} AND trend_score >= ${trendingFloor()}
            ORDER BY trend_score DESC, id DESC LIMIT ${pool.trending}
          ) t
        ), fresh AS (
          SELECT id, row_number() OVER (ORDER BY created_at DESC, id DESC)::int AS rank FROM (
            SELECT id, created_at FROM videos WHERE ${listed()} ORDER BY created_at DESC, id DESC LIMIT ${pool.fresh}
          ) f
        ), candidate AS (
          SELECT id FROM co UNION SELECT id FROM sub UNION SELECT id FROM trend UNION SELECT id FROM fresh
        )
        SELECT videos.id, videos.owner_id, videos.is_exclusive, ${watchableBy(viewerId)} AS watchable,
               co.score AS co_watch, sub.age_hours, trend.share AS trend_share, fresh.rank AS fresh_rank,
               (SELECT count(*) FROM seeds)::int AS seeds
        FROM candidate c
        JOIN videos ON videos.id = c.id
        LEFT JOIN co ON co.id = c.id
        LEFT JOIN sub ON sub.id = c.id
        LEFT JOIN trend ON trend.id = c.id
        LEFT JOIN fresh ON fresh.id = c.id
        WHERE ${listed()} AND videos.owner_id <> ${viewerId}
          AND NOT EXISTS (SELECT 1 FROM watch_history h WHERE h.user_id = ${viewerId} AND h.video_id = videos.id)
          AND NOT EXISTS (SELECT 1 FROM video_likes l WHERE l.user_id = ${viewerId} AND l.video_id = videos.id)`.execute(db);
      return rows;
    },

    cards: (ids: readonly string[]) => listedCardsInOrder(db, ids),

    /** Recomputes every video's neighbours (after the score's knobs changed; the refresh keeps them otherwise). */
    async rerank(knobs = NEIGHBOUR_KNOBS): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL work_mem = '256MB'`.execute(trx);
        await sql`CREATE TEMP TABLE rec_touched ON COMMIT DROP AS SELECT video_id FROM rec_video_users`.execute(trx);
        await sql`ANALYZE rec_touched`.execute(trx);
        await rankNeighbours(trx, knobs);
      });
    },

    /**
     * Reads the watch history and likes added since the last refresh into the co-watch tables
     * and recomputes the neighbours of every video whose pairs changed; one refresh at a time
     * across processes (null: another one is running). Each viewer-video pair counts once, however
     * often it is read (history of several days, a like and a watch, the overlap). While the
     * tables are empty (`auto`), they are built in bulk: the same tables, at once (`RefreshMode`).
     */
    async refresh(
      knobs = NEIGHBOUR_KNOBS,
      /** Told each step's wall time (the bench's profile). */
      onStep: (step: string, ms: number) => void = () => {},
      mode: RefreshMode = 'auto',
    ): Promise<RefreshStats | null> {
      let last = performance.now();
      const done = (step: string) => {
        const now = performance.now();
        onStep(step, now - last);
        last = now;
      };
      return db.transaction().execute(async (trx) => {
        const { rows: lock } = await sql<{
          ok: boolean;
        }>`SELECT pg_try_advisory_xact_lock(hashtextextended('rec-refresh', 0)) AS ok`.execute(trx);
        if (!lock[0]?.ok) return null;
        const { rows: state } = await sql<{ from: Date; empty: boolean }>`
          SELECT read_until - make_interval(secs => ${knobs.overlapSeconds}) AS "from",
                 NOT EXISTS (SELECT 1 FROM rec_interactions) AND NOT EXISTS (SELECT 1 FROM rec_video_users)
                   AND NOT EXISTS (SELECT 1 FROM rec_pairs) AND NOT EXISTS (SELECT 1 FROM rec_neighbours) AS empty
          FROM rec_state FOR UPDATE`.execute(trx);
        const { from, empty } = state[0]!;
        if (mode === 'bulk' && !empty) throw new Error('a bulk build needs empty co-watch tables');
        const stats =
          mode === 'bulk' || (mode === 'auto' && empty)
            ? await buildAll(trx, from, knobs, done)
            : await addNew(trx, from, knobs, done);
        await sql`UPDATE rec_state SET read_until = now()`.execute(trx);
        return stats;
      });
    },
  };
}
export type RecommendationsRepo = ReturnType<typeof createRecommendationsRepo>;

/**
 * The incremental refresh: the interactions newer than `from` that are not counted yet are added
 * to the co-watch tables, and the neighbours of every video they touch are ranked again.
 */
async function addNew(trx: Db, from: Date, knobs: typeof NEIGHBOUR_KNOBS, done: (step: string) => void) {
  // The pair counts are grouped and sorted in memory, not in files.
  await sql`SET LOCAL work_mem = '256MB'`.execute(trx);
  await sql`CREATE TEMP TABLE rec_new (user_id uuid, video_id uuid, at timestamptz) ON COMMIT DROP`.execute(trx);
  await sql`
    WITH added AS (
      INSERT INTO rec_interactions (user_id, video_id, at)
      SELECT user_id, video_id, min(at) FROM (${newInteractions(from)}) f
      GROUP BY user_id, video_id ORDER BY user_id, video_id
      ON CONFLICT DO NOTHING
      RETURNING user_id, video_id, at
    )
    INSERT INTO rec_new SELECT * FROM added`.execute(trx);
  await sql`ANALYZE rec_new`.execute(trx);
  done('new interactions');
  await sql`
    INSERT INTO rec_video_users (video_id, users)
    SELECT video_id, count(*) FROM rec_new GROUP BY video_id
    ON CONFLICT (video_id) DO UPDATE SET users = rec_video_users.users + excluded.users`.execute(trx);
  done('viewers per video');
  await pairNew(trx, knobs.pairsPerInteraction);
  done('new pairs');
  await sql`
    INSERT INTO rec_pairs (video_id, other_id, n) SELECT video_id, other_id, n FROM rec_delta ORDER BY 1, 2
    ON CONFLICT (video_id, other_id) DO UPDATE SET n = rec_pairs.n + excluded.n`.execute(trx);
  done('pair counts');
  await sql`
    CREATE TEMP TABLE rec_touched ON COMMIT DROP AS
    SELECT video_id FROM rec_delta UNION SELECT video_id FROM rec_new`.execute(trx);
  await sql`ANALYZE rec_touched`.execute(trx);
  await rankNeighbours(trx, knobs);
  done('neighbours ranked');
  const { rows } = await sql<RefreshStats>`
    SELECT (SELECT count(*) FROM rec_new)::int AS interactions, (SELECT coalesce(sum(n), 0) FROM rec_delta)::int AS pairs,
           (SELECT count(*) FROM rec_touched)::int AS touched`.execute(trx);
  return rows[0]!;
}

/**
 * The bulk build, for an empty co-watch state: the tables `addNew` would make from it, computed
 * at once. Work is done in unlogged work tables (no WAL, no index, readable by parallel
 * workers), which vanish with the transaction: the interactions grouped; each viewer's pairs
 * from one pass over their timeline (a window of the `pairsPerInteraction` interactions before
 * each), counted one way; then every pair both ways with its score, sorted once by video and
 * score, which is the order neighbours are ranked in and an order in which each video's pairs
 * go to the right edge of `rec_pairs`' key. The real tables are only appended to (no statement
 * per row, each index growing where its last entry went) and keep their indexes and foreign keys:
 * nothing takes more than a row lock, so For you, up next and deletes go on meanwhile.
 */
async function buildAll(trx: Db, from: Date, knobs: typeof NEIGHBOUR_KNOBS, done: (step: string) => void) {
  const set = (name: string, value: string) => sql`SELECT set_config(${name}, ${value}, true)`.execute(trx);
  await set('work_mem', BULK_MEMORY);
  await set('maintenance_work_mem', BULK_MEMORY);
  // The work tables are read back in the order they were written (an order for speed only).
  await set('synchronize_seqscans', 'off');
  // Tens of millions of groups: sorted and counted in one pass, not spilled from a hash table.
  await set('enable_hashagg', 'off');
  await sql`
    CREATE UNLOGGED TABLE rec_build_interactions AS
    SELECT user_id, video_id, min(at) AS at FROM (${newInteractions(from)}) f GROUP BY user_id, video_id`.execute(trx);
  await sql`ANALYZE rec_build_interactions`.execute(trx);
  done('interactions grouped');
  await sql`INSERT INTO rec_interactions (user_id, video_id, at) SELECT user_id, video_id, at FROM rec_build_interactions`.execute(
    trx,
  );
  done('interactions written');
  await sql`
    INSERT INTO rec_video_users (video_id, users)
    SELECT video_id, count(*) FROM rec_build_interactions GROUP BY video_id ORDER BY video_id`.execute(trx);
  await sql`ANALYZE rec_video_users`.execute(trx);
  done('viewers per video');
  // Each interaction with the ones just before it in its viewer's timeline (the order addNew
  // numbers it in), counted one way (the lower id first).
  await sql`
    CREATE UNLOGGED TABLE rec_build_pairs AS
    SELECT least(video_id, other_id) AS video_id, greatest(video_id, other_id) AS other_id, count(*)::int AS n
    FROM (
      SELECT video_id, unnest(array_agg(video_id) OVER (
        PARTITION BY user_id ORDER BY at, video_id ROWS BETWEEN ${knobs.pairsPerInteraction} PRECEDING AND 1 PRECEDING
      )) AS other_id
      FROM rec_build_interactions
    ) p
    GROUP BY 1, 2`.execute(trx);
  await sql`ANALYZE rec_build_pairs`.execute(trx);
  done('pairs counted');
  await set('enable_hashagg', 'on');
  await sql`
    CREATE UNLOGGED TABLE rec_build_ranked AS
    SELECT video_id, other_id, n, score, row_number() OVER (PARTITION BY video_id ORDER BY score DESC, other_id) AS r
    FROM (
      SELECT p.video_id, p.other_id, p.n, ${score(knobs)} AS score
      FROM (SELECT video_id, other_id, n FROM rec_build_pairs UNION ALL SELECT other_id, video_id, n FROM rec_build_pairs) p
      JOIN rec_video_users pa ON pa.video_id = p.video_id
      JOIN rec_video_users pb ON pb.video_id = p.other_id
    ) s`.execute(trx);
  done('pairs scored and ranked');
  await sql`INSERT INTO rec_pairs (video_id, other_id, n) SELECT video_id, other_id, n FROM rec_build_ranked`.execute(trx);
  done('pairs written');
  await sql`
    INSERT INTO rec_neighbours (video_id, neighbour_id, score)
    SELECT video_id, other_id, score FROM rec_build_ranked WHERE r <= ${knobs.neighbours}`.execute(trx);
  done('neighbours written');
  const { rows } = await sql<RefreshStats>`
    SELECT (SELECT count(*) FROM rec_build_interactions)::int AS interactions,
           (SELECT 2 * coalesce(sum(n), 0) FROM rec_build_pairs)::int AS pairs,
           (SELECT count(*) FROM rec_video_users)::int AS touched`.execute(trx);
  await sql`DROP TABLE rec_build_ranked, rec_build_pairs, rec_build_interactions`.execute(trx);
  await sql`ANALYZE rec_interactions, rec_pairs, rec_neighbours`.execute(trx);
  return rows[0]!;
}

/**
 * The score of b as a neighbour of a, from their pair's count and their viewers (`p`, `pa`, `pb`
 * in the statement), as a real: the same expression wherever neighbours are ranked.
 */
const score = (knobs: typeof NEIGHBOUR_KNOBS) =>
  sql`(p.n / (power(pa.users, ${knobs.alpha}::float8) * power(pb.users, 1 - ${knobs.alpha}::float8) + ${knobs.shrink}::float8))::real`;

/** The (viewer, video, time) of every history entry and like newer than `from` (a pair may come more than once). */
const newInteractions = (from: Date) => sql`
  SELECT user_id, video_id, watched_at AS at FROM watch_history WHERE watched_at > ${from}
  UNION ALL
  SELECT user_id, video_id, created_at FROM video_likes WHERE created_at > ${from}`;

/**
 * `rec_delta`: the co-occurrences the new interactions (`rec_new`) add, both ways. Each new
 * interaction pairs with the `window` interactions of its viewer just before it in time (older
 * ones or new ones alike; a pair of two new ones is counted once, by the later one). Set-based:
 * the touched viewers' timelines are numbered once and joined on (viewer, position).
 */
async function pairNew(trx: Db, window: number) {
  await sql`
    CREATE TEMP TABLE rec_timeline ON COMMIT DROP AS
    SELECT i.user_id, i.video_id, row_number() OVER (PARTITION BY i.user_id ORDER BY i.at, i.video_id)::int AS pos,
           (n.user_id IS NOT NULL) AS new
    FROM rec_interactions i LEFT JOIN rec_new n ON n.user_id = i.user_id AND n.video_id = i.video_id
    WHERE i.user_id IN (SELECT user_id FROM rec_new)`.execute(trx);
  await sql`ANALYZE rec_timeline`.execute(trx);
  // Counted one way (the lower id first), then written both ways with the same count.
  await sql`
    CREATE TEMP TABLE rec_delta ON COMMIT DROP AS
    WITH one_way AS (
      SELECT least(a.video_id, b.video_id) AS x, greatest(a.video_id, b.video_id) AS y, count(*)::int AS n
      FROM rec_timeline b
      CROSS JOIN generate_series(1, ${window}) k
      JOIN rec_timeline a ON a.user_id = b.user_id AND a.pos = b.pos - k
      WHERE b.new
      GROUP BY 1, 2
    )
    SELECT x AS video_id, y AS other_id, n FROM one_way UNION ALL SELECT y, x, n FROM one_way`.execute(trx);
  await sql`ANALYZE rec_delta`.execute(trx);
}

/** Recomputes the kept neighbours of every video in `rec_touched` (its best partners by score). */
async function rankNeighbours(trx: Db, knobs: typeof NEIGHBOUR_KNOBS) {
  await sql`DELETE FROM rec_neighbours WHERE video_id IN (SELECT video_id FROM rec_touched)`.execute(trx);
  await sql`
    INSERT INTO rec_neighbours (video_id, neighbour_id, score)
    SELECT video_id, other_id, score FROM (
      SELECT p.video_id, p.other_id, s.score,
             row_number() OVER (PARTITION BY p.video_id ORDER BY s.score DESC, p.other_id) AS r
      FROM rec_touched t
      JOIN rec_pairs p ON p.video_id = t.video_id
      JOIN rec_video_users pa ON pa.video_id = p.video_id
      JOIN rec_video_users pb ON pb.video_id = p.other_id
      CROSS JOIN LATERAL (SELECT ${score(knobs)} AS score) s
    ) ranked
    WHERE r <= ${knobs.neighbours}`.execute(trx);
}
