import { sql, type Kysely } from 'kysely';

/**
 * Visibility of videos and playlists (docs/visibility.md): `public` (the default, what every row
 * was), `unlisted` (open by link, never listed) or `private` (its owner only).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE videos ADD COLUMN visibility text NOT NULL DEFAULT 'public'
      CHECK (visibility IN ('public', 'unlisted', 'private'));
    ALTER TABLE playlists ADD COLUMN visibility text NOT NULL DEFAULT 'public'
      CHECK (visibility IN ('public', 'unlisted', 'private'));
  `.execute(db);
}
