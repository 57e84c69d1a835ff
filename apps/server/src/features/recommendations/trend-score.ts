import { sql, type RawBuilder } from 'kysely';

/**
 * Trending = counted views weighted by their age (docs/recommendations.md): a view counts
 * 2^(−age / half-life). Every video's weighted sum shrinks by the same factor as time passes, so
 * the order needs no periodic recomputation: each view adds e^(λ·(t − epoch)) to a sum that is
 * never decayed, kept as its logarithm (no overflow), in the statement that counts the view.
 */
export const TREND_HALF_LIFE_HOURS = 24;
/** Trending lists videos with a view this recent (weight 2^−7 at a half-life of 24 h). */
export const TREND_WINDOW_DAYS = 7;

/** Seconds from 1970 to 2025-01-01, the origin of the log-weights (keeps them small). */
const EPOCH_SECONDS = 1_735_689_600;
const LAMBDA_PER_SECOND = Math.LN2 / (TREND_HALF_LIFE_HOURS * 3600);

/** ln of the weight of one view at `at`: λ·(at − epoch). */
export const viewLogWeight = (at: RawBuilder<Date>) =>
  sql<number>`((extract(epoch from ${at})::float8 - ${EPOCH_SECONDS}::float8) * ${LAMBDA_PER_SECOND}::float8)`;

/**
 * `trend_score` after `count` more views at `at` (views are counted in batches, view-counter.ts):
 * ln(e^score + count·e^w), computed without overflow.
 */
export function trendAfterViews(count: RawBuilder<number> | number = 1, at: RawBuilder<Date> = sql<Date>`now()`) {
  const w = sql<number>`(${viewLogWeight(at)} + ln(${count}::float8))`;
  return sql<number>`(CASE WHEN trend_score IS NULL THEN ${w}
    ELSE greatest(trend_score, ${w}) + ln(1 + exp(-abs(trend_score - ${w}))) END)`;
}

/** The lowest score of a trending video: one view at the start of the window. */
export const trendingFloor = () => viewLogWeight(sql<Date>`now() - make_interval(days => ${TREND_WINDOW_DAYS})`);
