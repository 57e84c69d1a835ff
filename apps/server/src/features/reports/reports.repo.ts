import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ReportReason, ReportState, ReportTarget } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

const COLUMNS = [
  'id',
  'reporter_id',
  'target_type',
  'target_id',
  'reason',
  'text',
  'state',
  'note',
  'created_at',
  'resolved_at',
] as const;
const REPORT_COLUMNS = COLUMNS.map((c) => `r.${c}` as const);

const OWNER_COLUMNS = [
  'u.id as owner_id',
  'u.fullname as owner_fullname',
  'u.username as owner_username',
  'u.avatar as owner_avatar',
] as const;

export interface QueueFilter {
  state?: ReportState;
  targetType?: ReportTarget;
  reason?: ReportReason;
}

/** Reports' SQL, and the reads that show a reported thing in context (the moderation queue). */
export function createReportsRepo(db: Db) {
  return {
    /** Inserts an open report; undefined when the reporter already has one open on the target (reports_one_open). */
    async insert(r: { reporterId: string; targetType: ReportTarget; targetId: string; reason: ReportReason; text: string }) {
      return db
        .insertInto('reports')
        .values({
          id: newId(),
          reporter_id: r.reporterId,
          target_type: r.targetType,
          target_id: r.targetId,
          reason: r.reason,
          text: r.text,
        })
        .onConflict((oc) => oc.columns(['reporter_id', 'target_type', 'target_id']).where('state', '=', 'open').doNothing())
        .returning(COLUMNS)
        .executeTakeFirst();
    },

    /** The reporter's reports, newest first (index reports_reporter). */
    async byReporter(reporterId: string, limit: number) {
      return db
        .selectFrom('reports as r')
        .select(REPORT_COLUMNS)
        .where('r.reporter_id', '=', reporterId)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** A page of the queue with its reporters, open ones first, oldest first (index reports_queue), and the total. */
    async queue(filter: QueueFilter, offset: number, limit: number) {
      let q = db.selectFrom('reports as r');
      if (filter.state) q = q.where('r.state', '=', filter.state);
      if (filter.targetType) q = q.where('r.target_type', '=', filter.targetType);
      if (filter.reason) q = q.where('r.reason', '=', filter.reason);
      const [rows, total] = await Promise.all([
        q
          .innerJoin('users as u', 'u.id', 'r.reporter_id')
          .select([...REPORT_COLUMNS, ...OWNER_COLUMNS])
          // Open reports first (the work), then the resolved ones; each oldest first.
          .orderBy(sql`r.state <> 'open'`)
          .orderBy('r.created_at', 'asc')
          .orderBy('r.id', 'asc')
          .offset(offset)
          .limit(limit)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /** open → rejected with the moderator's note; undefined when missing or no longer open. */
    async reject(id: string, note: string | null, by: string) {
      return db
        .updateTable('reports')
        .set({ state: 'rejected', note, resolved_by: by, resolved_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('state', '=', 'open')
        .returning(COLUMNS)
        .executeTakeFirst();
    },

    async exists(id: string): Promise<boolean> {
      return Boolean(await db.selectFrom('reports').select('id').where('id', '=', id).executeTakeFirst());
    },

    /** Every open report on the target becomes actioned (a takedown of it); returns their ids. */
    async actionTarget(targetType: ReportTarget, targetId: string, by: string): Promise<string[]> {
      const rows = await db
        .updateTable('reports')
        .set({ state: 'actioned', resolved_by: by, resolved_at: sql<Date>`now()` })
        .where('target_type', '=', targetType)
        .where('target_id', '=', targetId)
        .where('state', '=', 'open')
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /** A comment's place (video or post), whether it is hidden from others, and its author. */
    async commentRef(id: string) {
      return db
        .selectFrom('comments')
        .select(['owner_id', 'video_id', 'post_id', sql<boolean>`removed_reason IS NOT NULL OR held`.as('hidden')])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async postRef(id: string) {
      return db
        .selectFrom('posts')
        .select(['owner_id', sql<boolean>`removed_reason IS NOT NULL`.as('hidden')])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Whether a channel (an account) exists and is not suspended. */
    async channelVisible(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', id)
        .where('suspended_reason', 'is', null)
        .executeTakeFirst();
      return Boolean(row);
    },

    // The moderation page's context: reported things in batches, whatever their state.

    async videos(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('videos as v')
        .innerJoin('users as u', 'u.id', 'v.owner_id')
        .select([
          'v.id',
          'v.title',
          'v.description',
          'v.thumbnail',
          'v.status',
          'v.is_exclusive',
          'v.removed_reason',
          ...OWNER_COLUMNS,
        ])
        .where('v.id', 'in', ids)
        .execute();
    },

    async comments(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('comments as c')
        .innerJoin('users as u', 'u.id', 'c.owner_id')
        .select(['c.id', 'c.content', 'c.video_id', 'c.post_id', 'c.created_at', 'c.removed_reason', ...OWNER_COLUMNS])
        .where('c.id', 'in', ids)
        .execute();
    },

    async posts(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('posts as p')
        .innerJoin('users as u', 'u.id', 'p.owner_id')
        .select(['p.id', 'p.content', 'p.created_at', 'p.removed_reason', ...OWNER_COLUMNS])
        .where('p.id', 'in', ids)
        .execute();
    },

    async channels(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('users as u')
        .select([...OWNER_COLUMNS, 'u.suspended_reason as removed_reason'])
        .where('u.id', 'in', ids)
        .execute();
    },

    /** Each channel's five newest videos, whatever their state (one query for the page). */
    async recentVideos(ownerIds: string[]) {
      if (ownerIds.length === 0) return [];
      return db
        .selectFrom('users as o')
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('videos as v')
              .select([
                'v.id',
                'v.owner_id',
                'v.title',
                'v.description',
                'v.thumbnail',
                'v.status',
                'v.is_exclusive',
                'v.created_at',
              ])
              .whereRef('v.owner_id', '=', 'o.id')
              .orderBy('v.created_at', 'desc')
              .orderBy('v.id', 'desc')
              .limit(5)
              .as('v'),
          (join) => join.onTrue(),
        )
        .select(['v.id', 'v.owner_id', 'v.title', 'v.description', 'v.thumbnail', 'v.status', 'v.is_exclusive'])
        .where('o.id', 'in', ownerIds)
        .orderBy('v.created_at', 'desc')
        .execute();
    },
  };
}
export type ReportsRepo = ReturnType<typeof createReportsRepo>;
export type ReportRow = NonNullable<Awaited<ReturnType<ReportsRepo['reject']>>>;
