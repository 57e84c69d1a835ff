import { z } from 'zod';
import { MIN_VIDEO_PRICE } from './limits.ts';
import { LiveState, requiredVideoDescription, requiredVideoTitle, visibilityField } from './videos.ts';

/**
 * API.md §17: live streams. A live is a video (`isLive: true`) that starts `waiting`, is `live`
 * while its stream arrives over RTMP, then `ended`, until its replay is an ordinary `ready` video
 * (docs/live.md).
 */

/** POST /api/live (JSON): what a live says about itself; the same rules as an upload's fields. */
export const CreateLiveBody = z
  .object({
    title: requiredVideoTitle(),
    description: requiredVideoDescription(),
    isExclusive: z.boolean({ message: 'isExclusive must be true or false' }).optional().default(false),
    price: z.number({ message: 'Price must be a number' }).finite().max(1_000_000).optional(),
    /** Only active members of the creator's channel may watch it (API.md §20), as a members-only upload. */
    membersOnly: z.boolean({ message: 'membersOnly must be true or false' }).optional().default(false),
    /** API.md §18; absent: public. */
    visibility: visibilityField().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.isExclusive && v.price !== undefined && v.price < MIN_VIDEO_PRICE) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: `Price must be at least ${MIN_VIDEO_PRICE}` });
    }
  });
export type CreateLiveBody = z.infer<typeof CreateLiveBody>;
/** What a client sends: the defaulted fields (`isExclusive`, `membersOnly`) may be left out. */
export type CreateLiveInput = z.input<typeof CreateLiveBody>;

/**
 * A stream key and where to send it: `serverUrl` is `rtmp://<host>:<RTMP_PORT>/live`, what an
 * encoder such as OBS takes in its "Server" field beside the key (API.md §22); `ingestUrl` is the
 * whole `rtmp://<host>:<RTMP_PORT>/live/<streamKey>`, for ffmpeg.
 * Only the answers of POST /api/live and POST /api/live/:videoId/key carry a key, and the server
 * keeps only its hash: shown once.
 */
export const LiveKey = z.object({ streamKey: z.string(), serverUrl: z.string(), ingestUrl: z.string() });
export type LiveKey = z.infer<typeof LiveKey>;

/** POST /api/live → 201. */
export const LiveCreated = LiveKey.extend({ _id: z.string() });
export type LiveCreated = z.infer<typeof LiveCreated>;

/**
 * GET /api/live/:videoId (and the answer of POST /api/live/:videoId/end): the live's state, when
 * its stream started (null while waiting), and viewers now (distinct viewers who asked this
 * within the last 30 s; docs/live.md).
 */
export const LiveInfo = z.object({
  status: LiveState,
  startedAt: z.string().nullable(),
  viewers: z.number(),
  /**
   * Its owner only (null for everyone else): the last stream the ingest refused for this live,
   * `path` (the key in the Server field too) or `key` (a wrong key), and when.
   */
  refused: z
    .object({ reason: z.enum(['path', 'key']), at: z.string() })
    .nullable()
    .optional(),
});
export type LiveInfo = z.infer<typeof LiveInfo>;
