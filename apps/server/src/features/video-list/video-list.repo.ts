import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { listedCardsInOrder, selectCards, type CardRow } from '../access/video-card.ts';
import { listed } from '../access/access.sql.ts';

/** What a list request matches, besides being listed (access.sql.ts). */
export interface ListFilter {
  /** Channels the `name` filter resolved to (never empty: no channel means no query at all). */
  ownerIds?: string[];
  /** A tsquery in PostgreSQL's own text form, as `searchQuery` returned it. */
  tsquery?: string;
}

export type ListOrder = { by: 'newest' } | { by: 'rank' } | { by: 'likes' | 'duration' | 'views'; direction: 'asc' | 'desc' };

const tsq = (text: string) => sql`${text}::tsquery`;
const rank = (text: string) => sql<number>`ts_rank(videos.search, ${tsq(text)})`;

function matching(filter: ListFilter) {
  return (eb: ExpressionBuilder<Database, 'videos'>) => {
    const conditions: Expression<SqlBool>[] = [listed()];
    if (filter.ownerIds) conditions.push(eb('videos.owner_id', 'in', filter.ownerIds));
    if (filter.tsquery !== undefined) conditions.push(eb(sql`videos.search`, '@@', tsq(filter.tsquery)));
    return eb.and(conditions);
  };
}

/** ORDER BY terms; every order ends with the id in the same direction, so pages are stable. */
function orderTerms(order: ListOrder, filter: ListFilter): [RawBuilder<unknown>, 'asc' | 'desc'][] {
  switch (order.by) {
    case 'newest':
      return [
        [sql`videos.created_at`, 'desc'],
        [sql`videos.id`, 'desc'],
      ];
    case 'rank':
      return [
        [rank(filter.tsquery ?? ''), 'desc'],
        [sql`videos.id`, 'desc'],
      ];
    default:
      return [
        [sql.ref(`videos.${order.by}`), order.direction],
        [sql`videos.id`, order.direction],
      ];
  }
}

/** Trigram similarity from which a vocabulary word counts as a correction of an unknown query word. */
const TYPO_SIMILARITY = 0.25;

/** From this offset on, newest-first pages start from the per-day counts instead of skipping every newer entry. */
export const DEEP_OFFSET = 1200;

/**
 * Ids of a deep newest-first page: the running count of ready videos per day (newest day
 * first, video_ready_days) finds the day holding the offset; the index scan then starts at the
 * end of that day and skips only the videos of that day before the offset. One statement, so
 * the counts and the rows come from the same snapshot. Past the end: no day, no rows.
 */
function deepNewestIds(offset: number, limit: number) {
  return sql<string>`(
    WITH start AS (
      SELECT ((day + 1)::timestamp AT TIME ZONE 'UTC') AS before_ts, ${offset}::bigint - (through - ready) AS skip
      FROM (SELECT day, ready, sum(ready) OVER (ORDER BY day DESC) AS through FROM video_ready_days) days
      WHERE through > ${offset}::bigint
      ORDER BY day DESC
      LIMIT 1
    )
    SELECT id FROM videos
    WHERE ${listed()} AND created_at < (SELECT before_ts FROM start)
    ORDER BY created_at DESC, id DESC
    LIMIT ${limit} OFFSET (SELECT skip FROM start))`;
}

export function createVideoListRepo(db: Db) {
  /**
   * The ids of all matches with their sort key and the number of all matches, in order: one
   * pass, the count a window over the same rows. The matches subquery is fenced (OFFSET 0) so
   * each row's sort key (ts_rank for a search) is computed once and the window only buffers
   * (id, key). The caller adds LIMIT/OFFSET.
   */
  function sortedMatches(filter: ListFilter, order: ListOrder) {
    const [first, second] = orderTerms(order, filter);
    const matches = db
      .selectFrom('videos')
      .select(['videos.id', first![0].as('sort_key')])
      .where(matching(filter))
      .offset(0);
    return db
      .selectFrom(matches.as('m'))
      .select(['m.id', 'm.sort_key', sql<string>`count(*) OVER ()`.as('total')])
      .orderBy('m.sort_key', first![1])
      .orderBy('m.id', second![1]);
  }

  return {
    /** Channels whose username or full name equals `name`, ignoring case (both are indexed on lower()). */
    async findChannelIdsByName(name: string): Promise<string[]> {
      const lower = name.toLowerCase();
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb(sql`lower(username)`, '=', lower), eb(sql`lower(fullname)`, '=', lower)]))
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * The tsquery for a list of query words: every word must match (AND). A word matches its
     * stemmed lexeme ("guitars" finds "guitar") and, with 3+ characters, as a beginning
     * ("typescr" finds "TypeScript", "photo" finds "photography" even when "photo" is a word
     * of some video too, so prefixes do not depend on the rest of the catalogue). A word
     * unknown to the vocabulary with 4+ letters is also taken as a typo: it matches its three
     * closest vocabulary words by trigram similarity ("vidoe" → "video", "gutiar" → "guitar").
     * Words reach PostgreSQL only as parameters; the caller guarantees they are letters and
     * digits, so `word || ':*'` is a plain prefix term. '' when only stop words remain.
     */
    async searchQuery(words: string[]): Promise<string> {
      return db.transaction().execute(async (trx) => {
        // pg_trgm's default (0.3) misses a swap of two letters in a short word ("gutiar" is
        // 0.27 from "guitar"); only the three closest words are kept, so a lower bar only adds
        // corrections where there were none.
        await sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(TYPO_SIMILARITY)}, true)`.execute(trx);
        const row = await sql<{ q: string | null }>`
          WITH words AS (
            SELECT w, lower(w) AS lw, ord, EXISTS (SELECT 1 FROM search_words k WHERE k.word = lower(w)) AS known
            FROM unnest(${words}::text[]) WITH ORDINALITY AS t(w, ord)
          ), alternatives AS (
            SELECT ord, CASE WHEN char_length(w) >= 3 THEN to_tsquery('english', w || ':*')
                             ELSE plainto_tsquery('english', w) END AS q
            FROM words
            UNION ALL
            SELECT words.ord, plainto_tsquery('english', fix.word)
            FROM words CROSS JOIN LATERAL (
              SELECT s.word FROM search_words s
              WHERE s.word % words.lw
              ORDER BY similarity(s.word, words.lw) DESC, s.word
              LIMIT 3
            ) fix
            WHERE char_length(words.w) >= 4 AND NOT words.known
          ), per_word AS (
            SELECT tsquery_or_agg(q) AS q FROM alternatives GROUP BY ord
          )
          SELECT tsquery_and_agg(q)::text AS q FROM per_word
        `.execute(trx);
        return row.rows[0]?.q ?? '';
      });
    },

    /** Ready videos in the whole catalogue, from the trigger-maintained counter (0003-discovery). */
    async countReady(): Promise<number> {
      // Raw SQL: the counter table is internal to the list and not part of the Kysely schema.
      const { rows } = await sql<{ value: number }>`SELECT value FROM video_totals WHERE name = 'ready'`.execute(db);
      return rows[0]?.value ?? 0;
    },

    /** The best `limit` matches of a search, best first, and the number of all matches. */
    async rankedMatches(tsquery: string, limit: number): Promise<{ ids: string[]; total: number }> {
      const rows = await sortedMatches({ tsquery }, { by: 'rank' }).limit(limit).execute();
      return { ids: rows.map((r) => r.id), total: Number(rows[0]?.total ?? 0) };
    },

    /** Cards of these videos, in the order of `ids`; a video gone meanwhile is left out. */
    cardsInOrder: (ids: string[]): Promise<CardRow[]> => listedCardsInOrder(db, ids),

    async countMatching(filter: ListFilter): Promise<number> {
      const row = await db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(matching(filter))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * One page of the whole catalogue. Late row lookup: the ids of the page come from a narrow
     * partial index (ORDER BY ... LIMIT/OFFSET skips index entries, never table rows), and only
     * those rows are read from the table and joined with their owners.
     */
    async catalogPage(order: ListOrder, offset: number, limit: number): Promise<CardRow[]> {
      const terms = orderTerms(order, {});
      let ids = db.selectFrom('videos').select('videos.id').where(matching({}));
      for (const [expr, dir] of terms) ids = ids.orderBy(expr, dir);
      const all = selectCards(db);
      let cards =
        order.by === 'newest' && offset >= DEEP_OFFSET
          ? all.where('videos.id', 'in', deepNewestIds(offset, limit))
          : all.where('videos.id', 'in', ids.limit(limit).offset(offset));
      for (const [expr, dir] of terms) cards = cards.orderBy(expr, dir);
      return cards.execute();
    },

    /** One page of a filtered list and the number of all matches; `total` is null past the end. */
    async filteredPage(
      filter: ListFilter,
      order: ListOrder,
      offset: number,
      limit: number,
    ): Promise<{ rows: CardRow[]; total: number | null }> {
      const [first, second] = orderTerms(order, filter);
      const page = sortedMatches(filter, order).limit(limit).offset(offset);
      const rows = await selectCards(db)
        .innerJoin(page.as('page'), 'page.id', 'videos.id')
        .select('page.total')
        .orderBy('page.sort_key', first![1])
        .orderBy('page.id', second![1])
        .execute();
      return { rows, total: rows[0] ? Number(rows[0].total) : null };
    },
  };
}
export type VideoListRepo = ReturnType<typeof createVideoListRepo>;
