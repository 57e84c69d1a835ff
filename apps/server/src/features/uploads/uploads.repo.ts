import { repository } from '../../db/unit-of-work.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A claim older than this is taken as cut short by a crash: the upload may be claimed again. */
const STALE_CLAIM = sql`interval '1 hour'`;

/** The SQL of the unfinished (not yet made into a video) resumable uploads (migration 0013). */
export function createUploadsRepo(db: Db) {
  return repository(db, uploadQueries);
}

function uploadQueries(db: Db) {
  return {
    /** The owner's row lock: the one a video's insert takes too, so slots are counted one at a time. */
    async lockOwner(userId: string) {
      await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    },

    /** How many unfinished uploads the user has, and the bytes they declared together (claimed ones too: their bytes are still here). */
    async heldBy(userId: string): Promise<{ count: number; bytes: number }> {
      const row = await db
        .selectFrom('unfinished_uploads')
        .select((eb) => [eb.fn.countAll<number>().as('count'), sql<number>`coalesce(sum(declared_bytes), 0)`.as('bytes')])
        .where('owner_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), bytes: Number(row.bytes) };
    },

    /** Bytes the user's uploads not being made into a video declared together (the storage quota counts them). */
    async unclaimedBytes(userId: string): Promise<number> {
      const row = await db
        .selectFrom('unfinished_uploads')
        .select(sql<number>`coalesce(sum(declared_bytes), 0)`.as('bytes'))
        .where('owner_id', '=', userId)
        .where('claimed_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.bytes);
    },

    /** Every unfinished upload (anyone's) and the bytes it declared: what free disk space is reserved for. */
    async allDeclared(): Promise<{ id: string; declaredBytes: number }[]> {
      const rows = await db.selectFrom('unfinished_uploads').select(['id', 'declared_bytes']).execute();
      return rows.map((r) => ({ id: r.id, declaredBytes: Number(r.declared_bytes) }));
    },

    async idsOfOwner(userId: string): Promise<string[]> {
      const rows = await db.selectFrom('unfinished_uploads').select('id').where('owner_id', '=', userId).execute();
      return rows.map((r) => r.id);
    },
    async insert(row: { id: string; ownerId: string; declaredBytes: number }) {
      await db
        .insertInto('unfinished_uploads')
        .values({ id: row.id, owner_id: row.ownerId, declared_bytes: row.declaredBytes })
        .execute();
    },

    /** Every unfinished upload with its owner, oldest first (the admin's list). */
    async listWithOwners() {
      return db
        .selectFrom('unfinished_uploads as u')
        .innerJoin('users', 'users.id', 'u.owner_id')
        .select(['u.id', 'u.declared_bytes', 'u.claimed_at', 'u.created_at', 'users.id as owner_id', 'users.username'])
        .orderBy('u.created_at')
        .orderBy('u.id')
        .execute();
    },

    /**
     * Removes the record of an upload nobody is making into a video (an unclaimed one, or a claim
     * cut short by a crash); locked, so a claim cannot take it meanwhile. `undefined`: no such
     * upload; `false`: it is being made into a video.
     */
    async removeUnclaimed(id: string): Promise<boolean | undefined> {
      const row = await db
        .selectFrom('unfinished_uploads')
        .select(sql<boolean>`claimed_at IS NOT NULL AND claimed_at >= now() - ${STALE_CLAIM}`.as('claimed'))
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.claimed) return false;
      await db.deleteFrom('unfinished_uploads').where('id', '=', id).execute();
      return true;
    },

    async remove(id: string) {
      await db.deleteFrom('unfinished_uploads').where('id', '=', id).execute();
    },

    /**
     * Marks the upload as being made into a video, once: false when a claim already holds it (one
     * older than an hour was cut short and is taken over). An upload from before migration 0013 has
     * no row: it gets one, claimed.
     */
    async claim(id: string, ownerId: string, declaredBytes: number): Promise<boolean> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO unfinished_uploads AS u (id, owner_id, declared_bytes, claimed_at)
        VALUES (${id}, ${ownerId}, ${declaredBytes}, now())
        ON CONFLICT (id) DO UPDATE SET claimed_at = now()
          WHERE u.claimed_at IS NULL OR u.claimed_at < now() - ${STALE_CLAIM}
        RETURNING u.id
      `.execute(db);
      return rows.length === 1;
    },

    /** The claim is given back: the upload counts as unfinished again. */
    async release(id: string) {
      await db.updateTable('unfinished_uploads').set({ claimed_at: null }).where('id', '=', id).execute();
    },

    /** Forgets uploads created before `before` (expired: the store removes their bytes). Answers how many. */
    async removeCreatedBefore(before: Date): Promise<number> {
      const result = await db.deleteFrom('unfinished_uploads').where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
