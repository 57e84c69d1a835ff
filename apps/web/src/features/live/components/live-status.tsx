import type { LiveState } from '@streamhub/contract';
import { LiveBadge } from '@/components/video-card';
import { useTranslation } from '@/i18n/use-translation';
import { formatInteger } from '@/lib/formatters';
import { LIVE_STATE_KEYS } from '../live-form';

/**
 * A live's state line (watch page, creator's page): the LIVE badge and viewers now while it is
 * live, else the state in words. Announced politely as it changes.
 */
export function LiveStatus({ status, viewers }: { status: LiveState; viewers: number | undefined }) {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="live-status" data-status={status} className="flex items-center gap-3 text-sm">
      {status === 'live' ? (
        <>
          <LiveBadge />
          {viewers === undefined ? null : (
            <span data-testid="live-viewers" className="text-muted tabular-nums">
              {t('liveStatus.watching', { count: viewers, formatted: formatInteger(viewers) })}
            </span>
          )}
        </>
      ) : (
        <span className="text-muted">{t(LIVE_STATE_KEYS[status])}</span>
      )}
    </div>
  );
}

/** The player's place while there is nothing to play: waiting for the stream, or its replay being made. */
export function LivePlaceholder({ status, poster }: { status: 'waiting' | 'ended'; poster?: string }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="live-placeholder"
      className="keep-dark relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-xl bg-black"
    >
      {poster ? <img src={poster} alt="" className="absolute inset-0 h-full w-full object-cover opacity-30" /> : null}
      <p className="relative px-4 text-center text-lg font-semibold">
        {status === 'waiting' ? t('liveStatus.startsSoon') : t('liveStatus.replayProcessing')}
      </p>
    </div>
  );
}
