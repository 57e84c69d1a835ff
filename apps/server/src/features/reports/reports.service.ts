import type {
  AdminReport,
  AdminReportsPage,
  AdminReportsQuery,
  NewReport,
  Owner,
  Report,
  ReportedVideo,
  ReportTargetSummary,
} from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import type { Events } from '../../events/events.ts';
import type { RateCounters } from '../../db/rate-counters.ts';
import type { ReportTarget } from '../../db/schema.ts';
import { Conflict, NotFound, TooManyRequests } from '../../lib/errors.ts';
import type { AccessService, StaffRule } from '../access/access.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import { createReportsRepo, type ReportRow, type ReportsRepo } from './reports.repo.ts';

interface Deps {
  db: Db;
  access: AccessService;
  audit: AuditService;
  counters: RateCounters;
  /** Reports one user may file in an hour (RATE_LIMIT_REPORTS_MAX). */
  perHour: number;
  /** A new report is announced (staff are notified) and so is a resolved one (its reporter is: docs/notifications.md). */
  events: Pick<Events, 'publish'>;
}

const HOUR_MS = 3_600_000;
const QUEUE_PAGE = 20;
/** A reporter's own list: their latest reports (at 20 an hour, weeks of them). */
const MINE_LIMIT = 200;

const toReport = (r: ReportRow): Report => ({
  _id: r.id,
  targetType: r.target_type,
  targetId: r.target_id,
  reason: r.reason,
  text: r.text,
  state: r.state,
  note: r.note,
  createdAt: r.created_at.toISOString(),
  resolvedAt: r.resolved_at?.toISOString() ?? null,
});

type OwnerParts = { owner_id: string; owner_fullname: string; owner_username: string; owner_avatar: string };
const toOwner = (r: OwnerParts): Owner => ({
  _id: r.owner_id,
  fullname: r.owner_fullname,
  username: r.owner_username,
  avatar: r.owner_avatar,
});

type VideoParts = {
  id: string;
  title: string;
  description: string;
  thumbnail: string;
  status: ReportedVideo['status'];
  is_exclusive: boolean;
};
const toVideo = (v: VideoParts): ReportedVideo => ({
  _id: v.id,
  title: v.title,
  description: v.description,
  thumbnail: v.thumbnail,
  status: v.status,
  isExclusive: v.is_exclusive,
  watchUrl: `/video/watch/${v.id}`,
});

const GONE: ReportTargetSummary = { exists: false, owner: null, removedReason: null };

/**
 * Reports (API.md §12, docs/moderation.md): anyone signed in reports what they can see, once
 * per target while their report is open, at most `perHour` an hour; moderators read the queue
 * with each target in context and reject reports (a takedown actions them: moderation service).
 */
export function createReportsService({ db, access, audit, counters, perHour, events }: Deps) {
  const repo = createReportsRepo(db);
  const staff: StaffRule = access;

  /** 404 unless the reporter can see the target (a removed or held item counts as missing, unless theirs). */
  async function assertCanSee(viewer: Viewer, type: ReportTarget, id: string) {
    if (type === 'video') {
      await access.assertVisible(id, viewer);
      return;
    }
    if (type === 'channel') {
      if (!(await repo.channelVisible(id))) throw new NotFound('Channel not found');
      return;
    }
    if (type === 'post') {
      const post = await repo.postRef(id);
      if (!post || (post.hidden && post.owner_id !== viewer._id)) throw new NotFound('Post not found');
      return;
    }
    const comment = await repo.commentRef(id);
    if (!comment || (comment.hidden && comment.owner_id !== viewer._id)) throw new NotFound('Comment not found');
    if (comment.video_id) await access.assertVisible(comment.video_id, viewer);
    if (comment.post_id) await assertCanSee(viewer, 'post', comment.post_id);
  }

  /** Counts one report against the hour's limit (a report refused for another reason is given back). */
  async function countReport(viewer: Viewer) {
    const key = `reports|${viewer._id}`;
    const count = await counters.hit(key, HOUR_MS);
    if (count.current > perHour) {
      await counters.unhit(key);
      throw new TooManyRequests(Math.ceil(count.ttl / 1000));
    }
    return () => counters.unhit(key);
  }

  async function summaries(rows: { target_type: ReportTarget; target_id: string }[]) {
    const ids = (t: ReportTarget) => [...new Set(rows.filter((r) => r.target_type === t).map((r) => r.target_id))];
    const [videos, comments, posts, channels, recent] = await Promise.all([
      repo.videos(ids('video')),
      repo.comments(ids('comment')),
      repo.posts(ids('post')),
      repo.channels(ids('channel')),
      repo.recentVideos(ids('channel')),
    ]);
    const out = new Map<string, ReportTargetSummary>();
    for (const v of videos)
      out.set(v.id, { exists: true, owner: toOwner(v), removedReason: v.removed_reason, video: toVideo(v) });
    for (const c of comments) {
      out.set(c.id, {
        exists: true,
        owner: toOwner(c),
        removedReason: c.removed_reason,
        comment: { _id: c.id, content: c.content, videoId: c.video_id, postId: c.post_id, createdAt: c.created_at.toISOString() },
      });
    }
    for (const p of posts) {
      out.set(p.id, {
        exists: true,
        owner: toOwner(p),
        removedReason: p.removed_reason,
        post: { _id: p.id, content: p.content, createdAt: p.created_at.toISOString() },
      });
    }
    for (const ch of channels) {
      const recentVideos = recent.filter((v) => v.owner_id === ch.owner_id).map(toVideo);
      out.set(ch.owner_id, { exists: true, owner: toOwner(ch), removedReason: ch.removed_reason, channel: { recentVideos } });
    }
    return out;
  }

  return {
    /** POST /api/reports: 201 with the open report; 404 unseen target; 409 one already open; 429 over the hour's limit. */
    async create(viewer: Viewer, body: NewReport): Promise<Report> {
      const giveBack = await countReport(viewer);
      try {
        await assertCanSee(viewer, body.targetType, body.targetId);
        const row = await db.transaction().execute(async (trx) => {
          const inserted = await createReportsRepo(trx).insert({ reporterId: viewer._id, ...body, text: body.text ?? '' });
          // Staff hear of it (docs/notifications.md: one waiting notification each until they read it).
          if (inserted) await events.publish(trx, 'report.created', { reportId: inserted.id });
          return inserted;
        });
        if (!row) throw new Conflict('You already reported this; your report is still open');
        return toReport(row);
      } catch (err) {
        await giveBack();
        throw err;
      }
    },

    /** GET /api/reports/mine: newest first, with their states. */
    async mine(viewer: Viewer): Promise<Report[]> {
      return (await repo.byReporter(viewer._id, MINE_LIMIT)).map(toReport);
    },

    /** GET /api/admin/reports: the queue, oldest first, each report with its reporter and target in context. */
    async queue(viewer: Viewer | null, query: AdminReportsQuery): Promise<AdminReportsPage> {
      staff.assertStaff(viewer, 'moderator');
      const page = query.page ?? 1;
      const { rows, total } = await repo.queue(query, (page - 1) * QUEUE_PAGE, QUEUE_PAGE);
      const targets = await summaries(rows);
      const reports: AdminReport[] = rows.map((r) => ({
        ...toReport(r),
        reporter: toOwner(r),
        target: targets.get(r.target_id) ?? GONE,
      }));
      return { reports, total };
    },

    /** POST /api/admin/reports/:id/reject: open → rejected with the note; 404 missing, 409 already resolved. */
    async reject(viewer: Viewer | null, id: string, note: string | undefined): Promise<Report> {
      staff.assertStaff(viewer, 'moderator');
      const row = await db.transaction().execute(async (trx) => {
        const rejected = await createReportsRepo(trx).reject(id, note || null, viewer._id);
        if (rejected) {
          await events.publish(trx, 'report.resolved', { reportId: id });
          await audit
            .on(trx)
            .record({ actorId: viewer._id, action: 'report.reject', targetType: 'report', targetId: id, reason: note ?? '' });
        }
        return rejected;
      });
      if (!row) {
        if (await repo.exists(id)) throw new Conflict('This report is already resolved');
        throw new NotFound('Report not found');
      }
      return toReport(row);
    },

    /** The parts a takedown runs in its transaction: every open report on the target becomes actioned. */
    on: (q: Db) => ({
      async actionTarget(type: ReportTarget, id: string, by: string): Promise<void> {
        for (const reportId of await createReportsRepo(q).actionTarget(type, id, by)) {
          await events.publish(q, 'report.resolved', { reportId });
        }
      },
    }),
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
export type { ReportsRepo };
