import type { LiveState } from '@streamhub/contract';
import { LiveBadge } from '@/components/video-card';
import { liveStateText, watchingText } from '../live-form';

/**
 * A live's state line (watch page, creator's page): the LIVE badge and viewers now while it is
 * live, else the state in words. Announced politely as it changes.
 */
export function LiveStatus({ status, viewers }: { status: LiveState; viewers: number | undefined }) {
  return (
    <div role="status" data-testid="live-status" data-status={status} className="flex items-center gap-3 text-sm">
      {status === 'live' ? (
        <>
          <LiveBadge />
          {viewers === undefined ? null : (
            <span data-testid="live-viewers" className="text-muted tabular-nums">
              {watchingText(viewers)}
            </span>
          )}
        </>
      ) : (
        <span className="text-muted">{liveStateText[status]}</span>
      )}
    </div>
  );
}

/** The player's place while there is nothing to play: waiting for the stream, or its replay being made. */
export function LivePlaceholder({ status, poster }: { status: 'waiting' | 'ended'; poster?: string }) {
  return (
    <div
      data-testid="live-placeholder"
      className="keep-dark relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-xl bg-black"
    >
      {poster ? <img src={poster} alt="" className="absolute inset-0 h-full w-full object-cover opacity-30" /> : null}
      <p className="relative px-4 text-center text-lg font-semibold">
        {status === 'waiting' ? 'The stream starts soon' : 'Stream ended, replay processing'}
      </p>
    </div>
  );
}
