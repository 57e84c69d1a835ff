import { z } from 'zod';
import { Id } from '@streamhub/contract';

/**
 * Every job: name → payload schema → queue options. `JobHandlers` below makes a job without a
 * handler (or a handler with the wrong payload) a compile error.
 */
export const jobDefinitions = {
  'video.transcode': {
    payload: z.object({ videoId: Id }),
    /**
     * Long jobs: expiry covers a slow transcode; a crashed worker's job is retried after it.
     * A job that fails for good without its handler saying so (killed or expired on the last
     * attempt) lands in the dead-letter job below, which marks the video failed.
     */
    options: { retryBackoff: true, deadLetter: 'video.transcode.dead' },
  },
  'video.transcode.dead': {
    payload: z.object({ videoId: Id }),
    options: {},
  },
  /**
   * A video removed or restored (docs/moderation.md): its files follow its state, out of the
   * public folder into `removed/<id>` and back. Enqueued in the transaction that changes the
   * state; the handler moves them to where the row's state says, so repeats and reorderings agree.
   */
  'video.media.move': {
    payload: z.object({ videoId: Id }),
    options: { retryBackoff: true },
  },
  /**
   * Automatic captions of a finished video (features/captions/transcribe.job.ts), enqueued after
   * its transcode when TRANSCRIBE_PROVIDER is not `none`; idempotent (an equal track replaces it).
   */
  'video.transcribe': {
    payload: z.object({ videoId: Id }),
    options: { retryBackoff: true },
  },
  /**
   * A scheduled video goes public at its `publishAt` (features/videos/scheduled-publishing.ts):
   * sent with `startAfter` in the transaction that schedules it, kept by PostgreSQL across
   * restarts. `stately` with the video's id as `singletonKey`: one waiting job per video (a
   * duplicate send is dropped; a new time cancels the old job first). The handler's guarded
   * UPDATE makes a repeated run (a retry, a killed worker's job run again) change nothing.
   */
  'video.publish': {
    payload: z.object({ videoId: Id }),
    options: { retryBackoff: true, policy: 'stately' },
  },
  /**
   * One committed event for one durable subscriber (events/durable.ts), enqueued by the relay in
   * the transaction that marks the event relayed. One queue for every subscriber, so adding a
   * subscriber never touches this registry; the event travels in the job (its outbox row may be
   * gone by the time a retry runs) and is checked against the event registry when it runs.
   */
  'event.deliver': {
    payload: z.object({
      eventId: z.string().min(1),
      name: z.string().min(1),
      payload: z.record(z.string(), z.unknown()),
      subscriber: z.string().min(1),
    }),
    options: { retryBackoff: true },
  },
  /**
   * Mail (docs/accounts.md): sent by the job, so a mail server that is down delays a mail (retried
   * with backoff) and never fails or slows the request that asked for it. `mail.send` carries a
   * finished mail with nothing secret in it; the three account mails carry a random `nonce`
   * instead of their link's token, which the handler derives from it with the instance's secret
   * (the same on every retry), so the job table never holds a usable token.
   */
  'mail.send': {
    payload: z.object({
      to: z.string().min(1),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      headers: z.record(z.string(), z.string()).optional(),
      link: z.string().optional(),
    }),
    options: { retryBackoff: true },
  },
  /** POST /api/users/password/forgot: enqueued for every address; the handler mails only one that names an account. */
  'mail.password-reset': {
    payload: z.object({ email: z.string(), nonce: z.string().min(32) }),
    options: { retryBackoff: true },
  },
  'mail.verify-email': {
    payload: z.object({ userId: Id, nonce: z.string().min(32) }),
    options: { retryBackoff: true },
  },
  'mail.change-email': {
    payload: z.object({ userId: Id, newEmail: z.string().min(3), nonce: z.string().min(32) }),
    options: { retryBackoff: true },
  },
  /**
   * An account's data as a zip (features/account-export): enqueued with its row; the handler
   * writes the zip again from the start on a retry, and a ready export is left as it is.
   */
  'account.export': {
    payload: z.object({ exportId: Id }),
    options: { retryBackoff: true },
  },
  /** One user's notification digest (features/notifications/notification-digest.ts); one waiting per user. */
  'mail.digest': {
    payload: z.object({ userId: Id }),
    options: { retryBackoff: true, policy: 'stately' },
  },
} as const;

export type JobName = keyof typeof jobDefinitions;
export type JobPayload<N extends JobName> = z.infer<(typeof jobDefinitions)[N]['payload']>;

/** The abort reason of handlers stopped because their process is stopping: not a failure of the job. */
export class WorkerStopping extends Error {
  constructor() {
    super('The worker is stopping');
    this.name = 'WorkerStopping';
  }
}

/**
 * Thrown by a handler that met a passing condition (a full disk): the job goes back to the queue,
 * to start again after `delaySeconds`, without using up one of its retries.
 */
export class RetryLater extends Error {
  constructor(
    readonly delaySeconds: number,
    readonly reason: string,
    /**
     * When the wait for `reason` began (JobContext.waiting.since): kept from the last RetryLater
     * for the same reason, or `now` when the condition passed in between (the storage answered in
     * this attempt, then went away again: a new outage).
     */
    readonly options: { since: 'kept' | 'now' } = { since: 'kept' },
  ) {
    super(`Retry later: ${reason}`);
    this.name = 'RetryLater';
  }
}

export interface JobContext {
  /** 1 on the first attempt; `isLastAttempt` tells a handler to record a final failure. */
  attempt: number;
  isLastAttempt: boolean;
  signal: AbortSignal;
  /**
   * Since when this job has been put back (RetryLater) for the same reason without an attempt
   * getting past it: `{ reason, since }` of the last RetryLater, absent on a job that never waited.
   * A handler uses it to stop waiting after a ceiling (storage unreachable for too long).
   */
  waiting?: { reason: string; since: Date };
}

export type JobHandlers = { [N in JobName]: (payload: JobPayload<N>, ctx: JobContext) => Promise<void> };
