import { sql, type Kysely } from 'kysely';

/**
 * Co-watching, faster and rebuilt under new rules (docs/recommendations.md):
 *
 * - `rec_pairs` holds every pair both ways with the same count, so a deleted video's rows on the
 *   other side are found through the primary key of its own rows: the index on `other_id`, which
 *   every pair update of the refresh had to maintain, goes.
 * - `rec_pairs` leaves a fifth of each page free, so a count going up is a heap-only update (no
 *   index entry written).
 * - `rec_neighbours`' primary key carries the score, so For you reads a seed's neighbours from
 *   the index alone.
 * - A new interaction now pairs with the viewer's interactions just before it in time, and a
 *   neighbour's score is an asymmetric cosine with a shrink (NEIGHBOUR_KNOBS): the tables built
 *   under 0019's rules are emptied and the next refresh (one runs at start) reads all watch
 *   history and likes again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX rec_pairs_other;
    ALTER TABLE rec_pairs SET (fillfactor = 80);
    CREATE OR REPLACE FUNCTION rec_video_gone() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      DELETE FROM rec_pairs p USING rec_pairs q
      WHERE q.video_id IN (SELECT video_id FROM gone) AND p.video_id = q.other_id AND p.other_id = q.video_id;
      DELETE FROM rec_pairs WHERE video_id IN (SELECT video_id FROM gone);
      DELETE FROM rec_neighbours WHERE video_id IN (SELECT video_id FROM gone) OR neighbour_id IN (SELECT video_id FROM gone);
      RETURN NULL;
    END $fn$;
    TRUNCATE rec_neighbours, rec_pairs, rec_video_users, rec_interactions;
    ALTER TABLE rec_neighbours DROP CONSTRAINT rec_neighbours_pkey, ADD PRIMARY KEY (video_id, neighbour_id) INCLUDE (score);
    UPDATE rec_state SET read_until = '-infinity';
  `.execute(db);
}
