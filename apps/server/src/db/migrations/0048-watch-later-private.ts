import { sql, type Kysely } from 'kysely';

/**
 * Watch later is a private playlist (API.md §22): its rows, and the ones the account trigger makes
 * from now on, say so. Access never depended on it (another's Watch later is 404 by its kind), but
 * the list's answers gave `visibility: "public"`, the column's default when 0035 created them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE playlists SET visibility = 'private' WHERE kind = 'watch_later';
    CREATE OR REPLACE FUNCTION users_watch_later() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO playlists (id, owner_id, name, description, kind, visibility)
      VALUES (gen_random_uuid(), NEW.id, 'Watch later', 'Videos to watch later', 'watch_later', 'private');
      RETURN NULL;
    END $$;
  `.execute(db);
}
