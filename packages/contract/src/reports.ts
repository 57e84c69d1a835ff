import { z } from 'zod';
import { Id, Owner } from './common.ts';
import { multiLineText, singleLineText } from './text.ts';
import { VideoStatus } from './videos.ts';
import { REPORT_TEXT_MAX } from './limits.ts';

/** What can be reported (API.md §12); a channel is reported as its owner's account. */
export const ReportTargetType = z.enum(['video', 'comment', 'post', 'channel']);
export type ReportTargetType = z.infer<typeof ReportTargetType>;

/** The predefined reasons (PeerTube's set). */
export const ReportReason = z.enum(['violent', 'hateful', 'spam', 'privacy', 'rights', 'rules', 'thumbnail', 'captions']);
export type ReportReason = z.infer<typeof ReportReason>;

/** `open` until a moderator rejects it or acts on its target (`actioned`). */
export const ReportState = z.enum(['open', 'rejected', 'actioned']);
export type ReportState = z.infer<typeof ReportState>;

/** POST /api/reports. */
export const NewReport = z
  .object({
    // Text first, so a control character is named as such (like every text field), then the value.
    targetType: singleLineText().pipe(ReportTargetType),
    targetId: singleLineText().pipe(Id),
    reason: singleLineText().pipe(ReportReason),
    text: multiLineText().trim().max(REPORT_TEXT_MAX).optional(),
  })
  .strict();
export type NewReport = z.infer<typeof NewReport>;

/** A report as its reporter sees it (and the moderation queue, with more). */
export const Report = z.object({
  _id: z.string(),
  targetType: ReportTargetType,
  targetId: z.string(),
  reason: ReportReason,
  text: z.string(),
  state: ReportState,
  /** The moderator's note when rejected; null otherwise. */
  note: z.string().nullable(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Report = z.infer<typeof Report>;

/** A video as the moderation page shows it: enough to play it (by id) and judge it. */
export const ReportedVideo = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  status: VideoStatus,
  isExclusive: z.boolean(),
  /** The web app's watch page of the video. */
  watchUrl: z.string(),
});
export type ReportedVideo = z.infer<typeof ReportedVideo>;

/**
 * The reported thing in context. `exists` false: it was deleted since (nothing else is set).
 * `removedReason`: set while it is taken down or hidden by its owner's suspension.
 */
export const ReportTargetSummary = z.object({
  exists: z.boolean(),
  owner: Owner.nullable(),
  removedReason: z.string().nullable(),
  video: ReportedVideo.optional(),
  /** A comment with what it hangs under (its video or post) and its place in a thread. */
  comment: z
    .object({
      _id: z.string(),
      content: z.string(),
      videoId: z.string().nullable(),
      postId: z.string().nullable(),
      createdAt: z.string(),
    })
    .optional(),
  post: z.object({ _id: z.string(), content: z.string(), createdAt: z.string() }).optional(),
  /** A channel's five newest videos, whatever their state. */
  channel: z.object({ recentVideos: z.array(ReportedVideo) }).optional(),
});
export type ReportTargetSummary = z.infer<typeof ReportTargetSummary>;

export const AdminReport = Report.extend({ reporter: Owner, target: ReportTargetSummary });
export type AdminReport = z.infer<typeof AdminReport>;

export const AdminReportsPage = z.object({ reports: z.array(AdminReport), total: z.number() });
export type AdminReportsPage = z.infer<typeof AdminReportsPage>;

/** GET /api/admin/reports: 20 a page, oldest first (the queue's order). */
export const AdminReportsQuery = z.object({
  state: ReportState.optional(),
  targetType: ReportTargetType.optional(),
  reason: ReportReason.optional(),
  page: z.coerce.number().int().min(1).max(100000).optional(),
});
export type AdminReportsQuery = z.infer<typeof AdminReportsQuery>;

/** POST /api/admin/reports/:id/reject. */
export const RejectReport = z.object({ note: multiLineText().trim().max(REPORT_TEXT_MAX).optional() }).strict();
export type RejectReport = z.infer<typeof RejectReport>;
