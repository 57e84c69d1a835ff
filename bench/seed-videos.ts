/**
 * Bulk data for the video list benchmark: ~1,000 channels and N videos, generated inside
 * PostgreSQL with generate_series (1,000,000 videos in a few minutes).
 *
 * Titles (3–7 words) and descriptions (10–30 words) draw from a vocabulary of 400 real words
 * followed by 20,000 made-up ones, with a Zipf-like (log-uniform rank) distribution, so a few
 * words are very common, most are rare, as in real text. Ids are UUIDv7 built from created_at,
 * rows arrive in time order, views are log-uniform (1..1M), likes a fraction of views, about 1%
 * of videos are processing or failed, 5% exclusive.
 *
 * Standalone: DATABASE_URL=postgres://… npx tsx bench/seed-videos.ts 1000000
 */
import { sql, type Kysely } from 'kysely';

/** Head of the vocabulary, most frequent first (function words first: mostly stop words). */
export const COMMON_WORDS = `
the a and of to in how with my for on your this at from is it best you new what why when
make video guide tutorial music live review easy first home top day life way game part full
time world learn great quick simple ultimate real official short vlog new year minutes
cooking travel guitar piano fitness workout recipe football coding python javascript design drawing
painting photography gaming minecraft chess science history space nature animals dogs cats birds
garden kitchen bread pasta pizza coffee tea cake chocolate breakfast dinner lunch healthy vegan
beginner advanced pro tips tricks secrets mistakes ideas hacks lessons basics explained
summer winter spring autumn morning night city mountain ocean beach river forest desert island
car bike train plane road trip adventure camping hiking running swimming yoga dance song cover
remix acoustic concert festival band drums bass violin singing podcast interview story news
week month challenge experiment test unboxing setup build room house apartment family kids baby
school college study exam math physics chemistry biology language english spanish french japanese
korean german italian chinese money business startup marketing finance investing stocks crypto
productivity habits motivation meditation sleep health doctor diet weight muscle strength stretch
makeup hair fashion style outfit shoes sneakers watch phone laptop camera drone keyboard mouse
computer linux windows android iphone apple google software hardware robot electronics arduino
engine repair restoration woodworking furniture tools painting sculpture pottery knitting sewing
origami lego puzzle magic comedy sketch prank reaction movie trailer series episode season finale
anime cartoon documentary wildlife planet moon stars galaxy rocket satellite weather storm rain
snow volcano earthquake ancient medieval empire war battle castle king queen legend myth mystery
horror thriller romance drama fantasy dragon wizard hero villain journey quest treasure map
streets market food street spicy sweet grilled baked fried roasted soup salad sandwich burger
noodles sushi curry tacos steak chicken fish rice beans cheese eggs fruit apple banana berries
`
  .trim()
  .split(/\s+/);

const SYLLABLES =
  'ka lo mi ra ve tu po sen dar fel gri hom jul ket lin mor nas pek quo rin sul tav ush vor wen xil yor zet bri clu'.split(' ');
const TAIL_WORDS = 20_000;
const FIRST_NAMES =
  'Ada Alan Grace Linus Margaret Ken Barbara Dennis Frances Edsger Radia John Sophie Tim Hedy Donald Katherine Guido Anita Bjarne'.split(
    ' ',
  );
const LAST_NAMES =
  'Lovelace Turing Hopper Torvalds Hamilton Thompson Liskov Ritchie Allen Dijkstra Perlman Backus Wilson Berners Lamarr Knuth Johnson Rossum Borg Stroustrup'.split(
    ' ',
  );

const log = (msg: string) => process.stderr.write(`[seed] ${msg}\n`);

/** A UUIDv7 text for a timestamp expression: 48-bit ms time, version 7, variant 10, random rest. */
const uuidv7At = (ts: string) =>
  `(lpad(to_hex(floor(extract(epoch FROM ${ts}) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 3)
    || to_hex(8 + floor(random() * 4)::int) || substr(md5(random()::text), 1, 15))::uuid`;

export async function seedVideos(db: Kysely<any>, opts: { videos: number; owners?: number; batch?: number }) {
  const owners = opts.owners ?? 1000;
  const batch = opts.batch ?? 100_000;
  const started = Date.now();

  // Scratch tables (dropped at the end), not TEMP: the pool may hand out another connection.
  await sql`DROP TABLE IF EXISTS bench_vocab, bench_owners`.execute(db);
  await sql`CREATE UNLOGGED TABLE bench_vocab (rank int PRIMARY KEY, word text NOT NULL)`.execute(db);
  await sql`
    INSERT INTO bench_vocab (rank, word)
    SELECT ord - 1, w FROM unnest(${COMMON_WORDS}::text[]) WITH ORDINALITY AS t(w, ord)
    UNION ALL
    SELECT ${COMMON_WORDS.length} + r,
           (${SYLLABLES}::text[])[1 + r % 30] || (${SYLLABLES}::text[])[1 + (r / 30) % 30] || (${SYLLABLES}::text[])[1 + (r / 900) % 30]
    FROM generate_series(0, ${TAIL_WORDS - 1}) AS r
  `.execute(db);
  const vocabSize = COMMON_WORDS.length + TAIL_WORDS;

  await sql
    .raw(
      `INSERT INTO users (id, username, email, fullname, avatar, password_hash, created_at, updated_at)
       SELECT ${uuidv7At(`(now() - interval '4 years' + i * interval '1 hour')`)},
              'bench' || i, 'bench' || i || '@example.com',
              (ARRAY['${FIRST_NAMES.join("','")}'])[1 + i % ${FIRST_NAMES.length}] || ' ' ||
              (ARRAY['${LAST_NAMES.join("','")}'])[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
              'avatars/bench.webp', 'not-a-hash', now() - interval '4 years', now() - interval '4 years'
       FROM generate_series(1, ${owners}) AS i
       ON CONFLICT DO NOTHING`,
    )
    .execute(db);
  await sql`CREATE UNLOGGED TABLE bench_owners AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM users WHERE username LIKE 'bench%'`.execute(
    db,
  );

  // Secondary indexes are built once after the load: far faster than maintaining them row by row.
  const { rows: indexes } = await sql<{ name: string; def: string }>`
    SELECT indexname AS name, indexdef AS def FROM pg_indexes
    WHERE schemaname = 'public' AND tablename = 'videos' AND indexname <> 'videos_pkey'`.execute(db);
  for (const index of indexes) await sql.raw(`DROP INDEX ${index.name}`).execute(db);

  // Rows in time order over the last 3 years; a random word rank is floor(exp(random() * ln(V))) - 1.
  const rank = `(floor(exp(random() * ln(${vocabSize + 1}))) - 1)::int`;
  const words = (min: number, spread: number) =>
    `(SELECT string_agg(v.word, ' ') FROM (SELECT ${rank} AS r FROM generate_series(1, ${min} + floor(random() * ${spread})::int + (g.i * 0)) AS k) x
       JOIN bench_vocab v ON v.rank = x.r)`;
  for (let from = 1; from <= opts.videos; from += batch) {
    const to = Math.min(opts.videos, from + batch - 1);
    await sql
      .raw(
        `INSERT INTO videos (id, owner_id, title, description, thumbnail, duration, views, likes, is_exclusive, price_minor,
                             status, progress, has_hls, has_mp4, created_at, updated_at, media_key)
         SELECT u.id, o.id, initcap(coalesce(t.title, 'untitled')), coalesce(d.description, ''),
                'thumbnails/bench.webp', round((10 + random() * random() * 3600)::numeric, 2)::float8,
                g.views, floor(g.views * random() * 0.05)::int, g.exclusive, CASE WHEN g.exclusive THEN 500 + floor(random() * 2000)::int END,
                g.status, CASE WHEN g.status = 'ready' THEN 100 ELSE 30 END, g.status = 'ready', g.status = 'ready', g.ts, g.ts,
                CASE WHEN g.exclusive THEN 'exclusive/' ELSE 'videos/' END || u.id
         FROM (
           SELECT i, now() - interval '3 years' + (i::float8 / ${opts.videos}) * interval '3 years' + random() * interval '1 minute' AS ts,
                  floor(exp(random() * ln(1000000)))::bigint AS views, random() < 0.05 AS exclusive,
                  CASE WHEN random() < 0.005 THEN 'processing' WHEN random() < 0.005 THEN 'failed' ELSE 'ready' END AS status
           FROM generate_series(${from}, ${to}) AS i
         ) g
         CROSS JOIN LATERAL (SELECT ${uuidv7At('g.ts')} AS id) u
         JOIN bench_owners o ON o.n = (g.i::bigint * 7919) % ${owners}
         CROSS JOIN LATERAL ${words(3, 5)} AS t(title)
         CROSS JOIN LATERAL ${words(10, 21)} AS d(description)`,
      )
      .execute(db);
    log(`${to.toLocaleString()} videos (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }

  for (const index of indexes) {
    await sql.raw(index.def).execute(db);
    log(`index ${index.name} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await sql`DROP TABLE bench_vocab, bench_owners`.execute(db);
  // VACUUM sets the visibility map (index-only scans), ANALYZE the planner statistics.
  await sql`VACUUM (ANALYZE) videos`.execute(db);
  await sql`VACUUM (ANALYZE) users`.execute(db);
  await sql`VACUUM (ANALYZE) search_words`.execute(db);
  await sql`VACUUM (ANALYZE) video_totals`.execute(db);
  log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { createDb, migrateToLatest } = await import('../apps/server/src/db/database.ts');
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const videos = Number(process.argv[2] ?? 10_000);
  const db = createDb(url, 1);
  await migrateToLatest(db);
  await seedVideos(db, { videos });
  await db.destroy();
}
