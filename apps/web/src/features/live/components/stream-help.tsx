import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { LiveInfo } from '@streamhub/contract';

/** How long a live may wait with nothing arriving before the page says what to check. */
export const NOTHING_YET_MS = 30_000;
/** A refusal older than this when the page opened is an old one: not shown. */
const FRESH_MS = 60_000;

const REFUSED = { path: 'streamHelp.refusedPath', key: 'streamHelp.refusedKey' } as const;

/**
 * What the creator's page says while a live waits for its stream (docs/live.md, "When the stream
 * does not arrive"): a stream the ingest refused for this live (a wrong key, or the key in the
 * Server field too), within seconds; and after 30 s of nothing, what to check.
 */
export function StreamHelp({ status, refused }: { status: 'waiting' | 'live' | 'ended'; refused: LiveInfo['refused'] }) {
  const { t } = useTranslation();
  const [openedAt] = useState(() => Date.now());
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    if (status !== 'waiting') return;
    const timer = setTimeout(() => setWaitedLong(true), NOTHING_YET_MS);
    return () => clearTimeout(timer);
  }, [status]);
  if (status !== 'waiting') return null;
  const fresh = refused && Date.parse(refused.at) > openedAt - FRESH_MS ? refused : null;
  return (
    <div className="flex flex-col gap-2" data-testid="stream-help">
      {fresh ? (
        <div role="alert" className="rounded-xl border border-red-500/60 bg-red-500/10 p-3 text-sm">
          <p className="font-semibold">{t('streamHelp.refusedTitle')}</p>
          <p>{t(REFUSED[fresh.reason])}</p>
        </div>
      ) : null}
      {waitedLong ? (
        <div role="status" className="rounded-xl border border-line p-3 text-sm">
          <p className="font-semibold">{t('streamHelp.nothingTitle')}</p>
          <ul className="list-disc ps-5 text-muted">
            <li>{t('streamHelp.checkEncoder')}</li>
            <li>{t('streamHelp.checkFields')}</li>
            <li>{t('streamHelp.checkPort')}</li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
