import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { listed, watchableBy } from '../access/access.sql.ts';
import { listedCardsInOrder, selectCards, type CardRow } from '../videos/video-card.ts';
import { trendingFloor } from './trend-score.ts';

/** Knobs of the co-watch refresh (docs/recommendations.md). */
export const NEIGHBOUR_KNOBS = {
  /** A new interaction pairs with this many of the viewer's latest other interactions. */
  pairsPerInteraction: 20,
  /** Neighbours kept per video. */
  neighbours: 20,
  /** Added to the cosine's denominator: pairs seen by few viewers count less. */
  shrink: 5,
  /** Interactions this much older than the last refresh are read again (late commits); counted once. */
  overlapSeconds: 300,
};

/** Trending lists at most this many videos (pages beyond are empty). */
export const TRENDING_MAX = 1000;

/** What the ranking needs of a candidate, for one viewer. */
export interface CandidateRow {
  id: string;
  owner_id: string;
  is_exclusive: boolean;
  watchable: boolean;
  /** In the viewer's history or liked by them: never recommended again. */
  seen: boolean;
}

export interface RefreshStats {
  interactions: number;
  pairs: number;
  touched: number;
}

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

    /** The newest listed videos' ids. */
    async newestIds(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('videos')
        .select('id')
        .where(listed())
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** The viewer's latest watched or liked videos, latest first (from their own indexes, so up to the moment). */
    async seeds(userId: string, limit: number): Promise<string[]> {
      const { rows } = await sql<{ video_id: string }>`
        SELECT video_id FROM (
          (SELECT video_id, watched_at AS at FROM watch_history WHERE user_id = ${userId} ORDER BY watched_at DESC LIMIT ${limit * 2})
          UNION ALL
          (SELECT video_id, created_at FROM video_likes WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT ${limit})
        ) s
        GROUP BY video_id ORDER BY max(at) DESC, video_id LIMIT ${limit}`.execute(db);
      return rows.map((r) => r.video_id);
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

    /** Uploads of the channels `userId` subscribes to in the last `days`, newest first, with their age in hours. */
    async subscribedUploads(userId: string, days: number, limit: number) {
      const rows = await db
        .selectFrom('videos')
        .innerJoin('subscriptions', 'subscriptions.channel_id', 'videos.owner_id')
        .select(['videos.id', sql<number>`extract(epoch from now() - videos.created_at) / 3600`.as('age_hours')])
        .where('subscriptions.subscriber_id', '=', userId)
        .where(listed())
        .where('videos.created_at', '>', sql<Date>`now() - make_interval(days => ${days})`)
        .orderBy('videos.created_at', 'desc')
        .orderBy('videos.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: r.id, ageHours: Number(r.age_hours) }));
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

    /** The listed ones of these videos, with what the ranking asks about each for this viewer, in one query. */
    async candidates(viewerId: string | null, ids: readonly string[]): Promise<CandidateRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('videos')
        .select(['videos.id', 'videos.owner_id', 'videos.is_exclusive', watchableBy(viewerId).as('watchable')])
        .select(
          viewerId === null
            ? sql<boolean>`false`.as('seen')
            : sql<boolean>`(EXISTS (SELECT 1 FROM watch_history h WHERE h.user_id = ${viewerId} AND h.video_id = videos.id)
                OR EXISTS (SELECT 1 FROM video_likes l WHERE l.user_id = ${viewerId} AND l.video_id = videos.id))`.as('seen'),
        )
        .where('videos.id', 'in', ids)
        .where(listed())
        .execute();
    },

    cards: (ids: readonly string[]) => listedCardsInOrder(db, ids),

    /**
     * Reads the watch history and likes added since the last refresh into the co-watch tables
     * and recomputes the neighbours of every video whose pairs changed; one refresh at a time
     * across processes (null: another one is running). Each viewer-video pair counts once, however
     * often it is read (history of several days, a like and a watch, the overlap).
     */
    async refresh(knobs = NEIGHBOUR_KNOBS): Promise<RefreshStats | null> {
      return db.transaction().execute(async (trx) => {
        const { rows: lock } = await sql<{
          ok: boolean;
        }>`SELECT pg_try_advisory_xact_lock(hashtextextended('rec-refresh', 0)) AS ok`.execute(trx);
        if (!lock[0]?.ok) return null;
        const { rows: state } = await sql<{ from: Date }>`
          SELECT read_until - make_interval(secs => ${knobs.overlapSeconds}) AS "from" FROM rec_state FOR UPDATE`.execute(trx);
        const from = state[0]!.from;
        await sql`CREATE TEMP TABLE rec_new (user_id uuid, video_id uuid, at timestamptz) ON COMMIT DROP`.execute(trx);
        await sql`
          WITH added AS (
            INSERT INTO rec_interactions (user_id, video_id, at)
            SELECT user_id, video_id, min(at) FROM (
              SELECT user_id, video_id, watched_at AS at FROM watch_history WHERE watched_at > ${from}
              UNION ALL
              SELECT user_id, video_id, created_at FROM video_likes WHERE created_at > ${from}
            ) f GROUP BY user_id, video_id
            ON CONFLICT DO NOTHING
            RETURNING user_id, video_id, at
          )
          INSERT INTO rec_new SELECT * FROM added`.execute(trx);
        await sql`CREATE INDEX ON rec_new (user_id, video_id)`.execute(trx);
        await sql`ANALYZE rec_new`.execute(trx);
        await sql`
          INSERT INTO rec_video_users (video_id, users)
          SELECT video_id, count(*) FROM rec_new GROUP BY video_id
          ON CONFLICT (video_id) DO UPDATE SET users = rec_video_users.users + excluded.users`.execute(trx);
        // Each new interaction pairs with the viewer's latest others; two new ones of a viewer pair once (the later one pairs).
        await sql`
          CREATE TEMP TABLE rec_delta ON COMMIT DROP AS
          SELECT d.a AS video_id, d.b AS other_id, count(*)::int AS n
          FROM rec_new n
          CROSS JOIN LATERAL (
            SELECT i.video_id FROM rec_interactions i
            WHERE i.user_id = n.user_id AND i.video_id <> n.video_id
              AND (NOT EXISTS (SELECT 1 FROM rec_new o WHERE o.user_id = i.user_id AND o.video_id = i.video_id)
                   OR (i.at, i.video_id) < (n.at, n.video_id))
            ORDER BY i.at DESC
            LIMIT ${knobs.pairsPerInteraction}
          ) p
          CROSS JOIN LATERAL (VALUES (n.video_id, p.video_id), (p.video_id, n.video_id)) d(a, b)
          GROUP BY d.a, d.b`.execute(trx);
        await sql`
          INSERT INTO rec_pairs (video_id, other_id, n) SELECT video_id, other_id, n FROM rec_delta
          ON CONFLICT (video_id, other_id) DO UPDATE SET n = rec_pairs.n + excluded.n`.execute(trx);
        await sql`
          CREATE TEMP TABLE rec_touched ON COMMIT DROP AS
          SELECT video_id FROM rec_delta UNION SELECT video_id FROM rec_new`.execute(trx);
        await sql`DELETE FROM rec_neighbours WHERE video_id IN (SELECT video_id FROM rec_touched)`.execute(trx);
        await sql`
          INSERT INTO rec_neighbours (video_id, neighbour_id, score)
          SELECT t.video_id, nb.other_id, nb.score FROM rec_touched t
          CROSS JOIN LATERAL (
            SELECT p.other_id, (p.n / (sqrt(pa.users::float8 * pb.users) + ${knobs.shrink}::float8))::real AS score
            FROM rec_pairs p
            JOIN rec_video_users pa ON pa.video_id = p.video_id
            JOIN rec_video_users pb ON pb.video_id = p.other_id
            WHERE p.video_id = t.video_id
            ORDER BY score DESC, p.other_id
            LIMIT ${knobs.neighbours}
          ) nb`.execute(trx);
        await sql`UPDATE rec_state SET read_until = now()`.execute(trx);
        const { rows: counts } = await sql<RefreshStats>`
          SELECT (SELECT count(*) FROM rec_new)::int AS interactions, (SELECT coalesce(sum(n), 0) FROM rec_delta)::int AS pairs,
                 (SELECT count(*) FROM rec_touched)::int AS touched`.execute(trx);
        return counts[0]!;
      });
    },
  };
}
export type RecommendationsRepo = ReturnType<typeof createRecommendationsRepo>;
