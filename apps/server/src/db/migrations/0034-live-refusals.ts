import { sql, type Kysely } from 'kysely';

/**
 * The last publish the ingest refused for a live whose key it could still read (docs/live.md,
 * "When the stream does not arrive"): `path` (the key also in the Server field, as in
 * `…/live/<key>/<key>`) or `key` (an old or mistyped key), and when. The creator's page says so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE videos
      ADD COLUMN live_refused text CHECK (live_refused IN ('path', 'key')),
      ADD COLUMN live_refused_at timestamptz;
  `.execute(db);
}
