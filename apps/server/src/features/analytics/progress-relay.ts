import type { ProgressBody } from '@streamhub/contract';
import type { HeartbeatSender, ProgressTracker } from './progress-tracker.ts';

/** Where heartbeats go once their video and viewer are checked: the tracker, or a relay to it. */
export type ProgressSink = Pick<ProgressTracker, 'tooSoon' | 'record'>;

/** An HTTP worker's heartbeat, sent to its primary. */
interface ProgressMessage {
  type: 'streamhub:progress';
  id: number;
  viewer: HeartbeatSender;
  video: { id: string; duration: number };
  beat: ProgressBody;
}
/** The primary's answer: whether it counted. */
interface CountedMessage {
  type: 'streamhub:progress:counted';
  id: number;
  counted: boolean;
}

/** An answer later than this counts as not counted (the heartbeat may still be counted when it arrives). */
const ANSWER_TIMEOUT_MS = 2_000;

/**
 * A cluster's HTTP worker hands every checked heartbeat to its primary's tracker over the IPC
 * channel: node:cluster gives each connection to any worker, so a viewer's heartbeats reach
 * several, and sessions must live in one process to be counted once (docs/studio.md). Nothing is
 * sampled here (the primary knows the sessions): a burst still asks the watch rule each time.
 */
export function createProgressRelay(channel: {
  send(message: ProgressMessage): void;
  onMessage(handler: (message: unknown) => void): void;
}): ProgressSink {
  let next = 0;
  const waiting = new Map<number, (counted: boolean) => void>();
  channel.onMessage((message) => {
    const m = message as Partial<CountedMessage> | null;
    if (m?.type !== 'streamhub:progress:counted' || typeof m.id !== 'number') return;
    waiting.get(m.id)?.(m.counted === true);
  });
  return {
    tooSoon: () => false,
    record(viewer, video, beat) {
      const id = ++next;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => done(false), ANSWER_TIMEOUT_MS);
        function done(counted: boolean) {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(counted);
        }
        waiting.set(id, done);
        channel.send({ type: 'streamhub:progress', id, viewer, video: { id: video.id, duration: video.duration }, beat });
      });
    },
  };
}

/**
 * The primary's side: a worker's heartbeat message is recorded by `tracker` and answered; false
 * for any other message (someone else's to handle).
 */
export function answerRelayedProgress(message: unknown, tracker: ProgressSink, reply: (answer: CountedMessage) => void): boolean {
  const m = message as Partial<ProgressMessage> | null;
  if (m?.type !== 'streamhub:progress' || typeof m.id !== 'number' || !m.viewer?.key || !m.video || !m.beat) return false;
  const id = m.id;
  tracker.record(m.viewer, m.video, m.beat).then(
    (counted) => reply({ type: 'streamhub:progress:counted', id, counted }),
    () => reply({ type: 'streamhub:progress:counted', id, counted: false }),
  );
  return true;
}
