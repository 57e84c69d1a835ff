import { z } from 'zod';
import { Id } from './common.ts';
import { RETENTION_POINTS } from './limits.ts';

/** POST /api/video/v/:videoId/progress: where the player is, and whether it plays. */
export const ProgressBody = z.object({
  position: z.number({ message: 'position must be a number' }).finite().min(0, 'position must not be negative'),
  playing: z.boolean({ message: 'playing must be true or false' }),
});
export type ProgressBody = z.infer<typeof ProgressBody>;

/** Whether a heartbeat was counted (false: sampled away, too soon after the last one, or not playable yet). */
export const ProgressAnswer = z.object({ counted: z.boolean() });
export type ProgressAnswer = z.infer<typeof ProgressAnswer>;

/** A time with its offset (`2026-11-01T09:30:00Z`): its UTC day is the day meant. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A calendar day `YYYY-MM-DD` that exists (UTC); a full ISO time is read as its UTC day. */
export const IsoDay = z.preprocess(
  (v) =>
    typeof v === 'string' && ISO_TIME.test(v) && Number.isFinite(Date.parse(v)) ? new Date(v).toISOString().slice(0, 10) : v,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
    .refine((d) => {
      const t = Date.parse(`${d}T00:00:00Z`);
      return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
    }, 'must be a date that exists'),
);

/** GET /api/studio/analytics query: one video of the caller's, or all of them; a range of days (UTC). */
export const AnalyticsQuery = z.object({ videoId: Id.optional(), from: IsoDay.optional(), to: IsoDay.optional() });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/** The studio's numbers (API.md §16): every day of the range, zeros included; amounts in currency units. */
export const StudioAnalytics = z.object({
  views: z.array(z.object({ day: z.string(), count: z.number() })),
  watchSeconds: z.array(z.object({ day: z.string(), seconds: z.number() })),
  averageViewSeconds: z.number(),
  retention: z.array(z.number()).length(RETENTION_POINTS),
  revenue: z.array(z.object({ day: z.string(), amount: z.number() })),
});
export type StudioAnalytics = z.infer<typeof StudioAnalytics>;
