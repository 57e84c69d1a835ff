import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A link a user switches on and off with one call: a like of a video, comment or post, or a
 * subscription to a channel. `links` holds one row per (user, target), unique on that pair;
 * `counter`, when set, is the target's column that counts its links.
 */
export interface LinkKind {
  target: 'videos' | 'comments' | 'posts' | 'users';
  counter?: 'likes';
  links: 'video_likes' | 'comment_likes' | 'post_likes' | 'subscriptions';
  userColumn: 'user_id' | 'subscriber_id';
  targetColumn: 'video_id' | 'comment_id' | 'post_id' | 'channel_id';
}

export interface Toggled {
  /** The link exists after the toggle. */
  on: boolean;
  /** The link inserted or deleted. */
  link: { id: string; created_at: Date };
  /** The target's counter after the toggle, for kinds with a counter. */
  count?: number;
}

/**
 * The one toggle algorithm, in one transaction:
 * 1. lock the target row (FOR NO KEY UPDATE), so toggles of one target run one after another,
 *    each seeing the previous one's result, and the target cannot be deleted meanwhile;
 * 2. insert the link, or, when the (user, target) pair already exists, delete it;
 * 3. move the counter by exactly the rows inserted or deleted, and read it back.
 * N concurrent toggles by one user therefore end liked exactly when N is odd, and the counter
 * always equals the rows; the unique pair still backs the rule. Null when the target is missing.
 */
export async function toggleLink(
  db: Kysely<Database>,
  kind: LinkKind,
  userId: string,
  targetId: string,
  newLinkId: string,
): Promise<Toggled | null> {
  const target = sql.table(kind.target);
  const links = sql.table(kind.links);
  const userColumn = sql.ref(kind.userColumn);
  const targetColumn = sql.ref(kind.targetColumn);
  return db.transaction().execute(async (trx) => {
    const locked = await sql`SELECT 1 FROM ${target} WHERE id = ${targetId} FOR NO KEY UPDATE`.execute(trx);
    if (locked.rows.length === 0) return null;
    const inserted = await sql<Toggled['link']>`
      INSERT INTO ${links} (id, ${userColumn}, ${targetColumn}) VALUES (${newLinkId}, ${userId}, ${targetId})
      ON CONFLICT (${userColumn}, ${targetColumn}) DO NOTHING
      RETURNING id, created_at`.execute(trx);
    const added = inserted.rows[0];
    const removed = added
      ? undefined
      : (
          await sql<Toggled['link']>`
            DELETE FROM ${links} WHERE ${userColumn} = ${userId} AND ${targetColumn} = ${targetId}
            RETURNING id, created_at`.execute(trx)
        ).rows[0];
    const link = added ?? removed;
    // Under the lock the pair was either absent (inserted) or present (deleted).
    if (!link) throw new Error(`toggleLink: ${kind.links} pair neither inserted nor deleted`);
    if (!kind.counter) return { on: Boolean(added), link };
    const counter = sql.ref(kind.counter);
    const updated = await sql<{ count: number }>`
      UPDATE ${target} SET ${counter} = ${counter} + ${added ? 1 : -1} WHERE id = ${targetId}
      RETURNING ${counter} AS count`.execute(trx);
    return { on: Boolean(added), link, count: Number(updated.rows[0]!.count) };
  });
}
