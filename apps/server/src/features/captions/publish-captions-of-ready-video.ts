import type { DurableSubscriber } from '../../events/durable.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { CaptionsService } from './captions.service.ts';

/**
 * `video.ready` → its captions: the track files written again (a transcode attempt empties the
 * folder) with the master playlist naming them, now that the video's own master is final; then,
 * when a provider is set, the `video.transcribe` job. Both are idempotent, as a durable
 * subscriber must be.
 */
export function publishCaptionsOfReadyVideo(deps: {
  captions: Pick<CaptionsService, 'republish'>;
  queue: Pick<JobQueue, 'send' | 'nudge'>;
  transcribe: { enabled: boolean; expireInSeconds: (durationSec: number) => number };
  duration: (videoId: string) => Promise<number | undefined>;
}): DurableSubscriber<'video.ready'> {
  return {
    name: 'publish-captions-of-ready-video',
    event: 'video.ready',
    async handle(delivered) {
      const { videoId } = delivered.payload;
      const duration = await deps.duration(videoId);
      if (duration === undefined) return;
      await deps.captions.republish(videoId);
      if (!deps.transcribe.enabled) return;
      await deps.queue.send('video.transcribe', { videoId }, { expireInSeconds: deps.transcribe.expireInSeconds(duration) });
      deps.queue.nudge('video.transcribe');
    },
  };
}
