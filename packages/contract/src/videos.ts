import { z } from 'zod';
import { Caption } from './captions.ts';
import { Chapter } from './chapters.ts';
import { Id, Owner } from './common.ts';
import { multiLineText, singleLineText } from './text.ts';
import { MIN_VIDEO_PRICE, SORT_FIELDS, VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX, VISIBILITIES } from './limits.ts';

export const VIDEO_PAGE_SIZE = 12;

/** Who finds and opens a video or playlist (API.md §18): public (default), unlisted (by link), private (owner). */
export const Visibility = z.enum(VISIBILITIES);
export type Visibility = z.infer<typeof Visibility>;
/**
 * A form or JSON field naming a visibility exactly; another value (`PUBLIC`, ` public`) → 400. An
 * empty one is absent (a form's field left unset).
 */
export const visibilityField = () =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(VISIBILITIES, { message: 'visibility must be public, unlisted or private' }).optional(),
  );

export const VideoCard = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  duration: z.number(),
  views: z.number(),
  createdAt: z.string(),
  isExclusive: z.boolean(),
  price: z.number().optional(),
  owner: z.array(Owner),
  /** True while the video is a live stream arriving now (the LIVE badge); absent otherwise. */
  isLive: z.boolean().optional(),
});
export type VideoCard = z.infer<typeof VideoCard>;

/**
 * `scheduled` (API.md §16): transcoded and waiting for its `publishAt`, seen by its owner only (a
 * scheduled video still transcoding is `processing`; docs/chapters-and-scheduling.md).
 */
export const VideoStatus = z.enum(['processing', 'ready', 'failed', 'removed', 'scheduled']);
export type VideoStatus = z.infer<typeof VideoStatus>;

/** A live's state (API.md §17): waiting for its stream, live, or ended until its replay is ready. */
export const LiveState = z.enum(['waiting', 'live', 'ended']);
export type LiveState = z.infer<typeof LiveState>;

export const DashboardVideo = VideoCard.extend({
  visibility: Visibility,
  /** Only active members of the channel may watch it (API.md §20); the edit page's switch. */
  membersOnly: z.boolean().optional(),
  status: VideoStatus,
  progress: z.number(),
  failureReason: z.string().nullable(),
  /** Set while the video is `removed`: why (a takedown's reason, or the suspension of its owner). */
  removedReason: z.string().nullable().optional(),
  /** When a scheduled video goes public (null once it is, or when it never was scheduled). */
  publishAt: z.string().nullable(),
});
export type DashboardVideo = z.infer<typeof DashboardVideo>;

export const WatchVideo = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  videoFile: z.string().nullable(),
  hlsUrl: z.string().nullable(),
  /** WebVTT thumbnails track (sprite sheets, `#xywh=` fragments) for scrub previews; null until processed. */
  storyboardUrl: z.string().nullable(),
  duration: z.number(),
  views: z.number(),
  likes: z.number(),
  isLiked: z.boolean(),
  subscribers: z.number(),
  isSubscribed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isExclusive: z.boolean(),
  /** Only active members of the channel (and its owner) may watch it (API.md §20). */
  membersOnly: z.boolean().optional(),
  visibility: Visibility,
  price: z.number(),
  /** A live's state while `isLive`, else the video's. */
  status: z.union([VideoStatus, LiveState]),
  /** A live stream not yet replayed as an ordinary video (waiting, live or ended). */
  isLive: z.boolean(),
  owner: Owner,
  /** Chapters read from the description (API.md §16; `parseChapters`); [] when it has none. */
  chapters: z.array(Chapter),
  /** When a scheduled video goes public; null once it is (only its owner ever sees it set). */
  publishAt: z.string().nullable(),
  /** Caption tracks (API.md §16), one per language; the master playlist names them too. */
  captions: z.array(Caption),
});
export type WatchVideo = z.infer<typeof WatchVideo>;

/** An empty query parameter (`?sortBy=`) means the parameter is absent. */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

export const VideoListQuery = z.object({
  page: blankAsAbsent(z.coerce.number().int().min(1).max(100000).default(1)),
  query: singleLineText().max(200).optional(),
  name: singleLineText().max(100).optional(),
  sortBy: blankAsAbsent(z.enum(SORT_FIELDS).optional()),
  sortType: blankAsAbsent(z.enum(['asc', 'desc']).optional()),
});
export type VideoListQuery = z.infer<typeof VideoListQuery>;

/** Longest a video may wait for its publication: `publishAt` at most this many days ahead. */
export const MAX_SCHEDULE_DAYS = 365;

/**
 * `publishAt` (API.md §16): an ISO 8601 time with its offset (`Z` or `+02:00`), strictly in the
 * future and at most MAX_SCHEDULE_DAYS ahead; read as a Date.
 */
export const publishAtField = () =>
  z.iso
    .datetime({ offset: true, message: 'publishAt must be an ISO 8601 time with its offset' })
    .transform((s) => new Date(s))
    .refine((d) => d.getTime() > Date.now(), 'publishAt must be in the future')
    .refine(
      (d) => d.getTime() <= Date.now() + MAX_SCHEDULE_DAYS * 86_400_000,
      `publishAt must be within ${MAX_SCHEDULE_DAYS} days`,
    );

/** A new video's title and description (an upload's, a live's): required, one rule for both. */
export const requiredVideoTitle = () =>
  singleLineText({ message: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(VIDEO_TITLE_MAX, `Title cannot be longer than ${VIDEO_TITLE_MAX} characters`);
export const requiredVideoDescription = () =>
  multiLineText({ message: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(VIDEO_DESCRIPTION_MAX, 'Description is too long');

/**
 * Multipart text fields of POST /api/video/new (files: videoFile, thumbnail). Instead of the
 * videoFile part, `uploadId` may name a finished resumable (tus) upload of the caller's.
 */
export const UploadVideoFields = z
  .object({
    title: requiredVideoTitle(),
    description: requiredVideoDescription(),
    isExclusive: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
        z.enum(['true', 'false', 'on', '1', '0'], { message: 'isExclusive must be true or false' }).optional(),
      )
      .transform((v) => v === 'true' || v === 'on' || v === '1'),
    price: z.coerce.number({ message: 'Price must be a number' }).finite().max(1_000_000).optional(),
    /** Only active members of the uploader's channel may watch it (API.md §20); chosen at upload, as exclusivity is. */
    membersOnly: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
        z.enum(['true', 'false', 'on', '1', '0'], { message: 'membersOnly must be true or false' }).optional(),
      )
      .transform((v) => v === 'true' || v === 'on' || v === '1'),
    uploadId: singleLineText().trim().min(1, 'Upload id is required').max(100).optional(),
    /** Scheduled publishing: absent or empty, the video is public as soon as it plays. */
    publishAt: blankAsAbsent(publishAtField().optional()),
    visibility: visibilityField().optional().default('public'),
  })
  .superRefine((v, ctx) => {
    if (v.isExclusive && v.price !== undefined && v.price < MIN_VIDEO_PRICE) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: `Price must be at least ${MIN_VIDEO_PRICE}` });
    }
  });
export type UploadVideoFields = z.infer<typeof UploadVideoFields>;

/**
 * Multipart text fields of PATCH /api/video/v/:videoId (file: thumbnail); all optional. `publishAt`
 * moves a scheduled video's time; empty (or null) cancels its schedule: it is public at once.
 */
/** How a multipart form (or JSON) writes a yes/no field. */
const FLAG_WORDS = new Map<string, boolean>([
  ['true', true],
  ['on', true],
  ['1', true],
  ['false', false],
  ['0', false],
]);

export const EditVideoFields = z.object({
  title: singleLineText()
    .trim()
    .min(1, 'Title cannot be blank')
    .max(VIDEO_TITLE_MAX, `Title cannot be longer than ${VIDEO_TITLE_MAX} characters`)
    .optional(),
  description: multiLineText()
    .trim()
    .min(1, 'Description cannot be blank')
    .max(VIDEO_DESCRIPTION_MAX, 'Description is too long')
    .optional(),
  publishAt: z.preprocess((v) => (v === '' ? null : v), publishAtField().nullable()).optional(),
  visibility: visibilityField().optional(),
  /** Members only on or off (API.md §20): the access rule follows at once; refused (409) while a live waits or streams. */
  membersOnly: z
    .preprocess(
      (v) => (typeof v === 'string' ? (FLAG_WORDS.get(v.trim().toLowerCase()) ?? v) : v),
      z.boolean({ message: 'membersOnly must be true or false' }),
    )
    .optional(),
  /** One of the frames `GET /api/video/v/:videoId/thumbnails` lists (its 0-based index) as the new thumbnail (API.md §22). */
  thumbnailCandidate: z
    .preprocess((v) => (typeof v === 'string' && /^\d{1,2}$/.test(v) ? Number(v) : v), z.number().int().min(0).max(2))
    .optional(),
});
export type EditVideoFields = z.infer<typeof EditVideoFields>;

export const VideoDetails = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnail: z.string(),
  owner: z.string(),
  /** A scheduled video's time (its owner's edit page); null once public. */
  publishAt: z.string().nullable().optional(),
  /** Its owner only (the edit page's Visibility). */
  visibility: Visibility.optional(),
  /** Its owner only (the edit page's Members only, from the dashboard). */
  membersOnly: z.boolean().optional(),
});
export type VideoDetails = z.infer<typeof VideoDetails>;

export const DashboardVideos = z.object({
  videos: z.array(DashboardVideo),
  uploads: z.object({ uploaded: z.number(), uploadLimit: z.number() }),
});
export type DashboardVideos = z.infer<typeof DashboardVideos>;

/** `POST /api/video/v/:id/retry`: the failed video is processing again. */
export const RetriedVideo = z.object({ _id: Id, status: z.literal('processing') });
export type RetriedVideo = z.infer<typeof RetriedVideo>;

/** POST /api/video/v/:videoId/view (docs/api.md §6): whether the visit counted as a view. */
export const CountedView = z.object({ counted: z.boolean() });
export type CountedView = z.infer<typeof CountedView>;
