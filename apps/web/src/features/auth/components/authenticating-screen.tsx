import { useTranslation } from '@/i18n/use-translation';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { formatSecondsNarrow } from '@/lib/formatters';

/** SPEC §9: the longest the sign-in screens wait for the server. */
export const AUTH_TIMEOUT_SECONDS = 60;

/**
 * Full-screen 'Authenticating credentials' state with a countdown bar. At 0 it stops loading and
 * calls `onTimeout` (the form aborts the request and shows itself again).
 */
export function AuthenticatingScreen({ onTimeout }: { onTimeout: () => void }) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(AUTH_TIMEOUT_SECONDS);
  const onTimeoutRef = useRef(onTimeout);
  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  });

  useEffect(() => {
    const timer = window.setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (secondsLeft === 0) onTimeoutRef.current();
  }, [secondsLeft]);

  const percent = (secondsLeft / AUTH_TIMEOUT_SECONDS) * 100;
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 bg-page/95 px-6 text-center"
    >
      {secondsLeft > 0 ? <Spinner className="h-12 w-12" /> : null}
      <p className="text-xl font-semibold">{t('authWait.title')}</p>
      <div className="w-full max-w-sm">
        <div className="mb-2 flex justify-between text-sm text-muted">
          <span id="auth-wait-label">{t('authWait.maxWait')}</span>
          <span>{formatSecondsNarrow(secondsLeft)}</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="auth-wait-label"
          aria-valuemin={0}
          aria-valuemax={AUTH_TIMEOUT_SECONDS}
          aria-valuenow={secondsLeft}
          className="h-2 overflow-hidden rounded-full bg-raised"
        >
          <div
            className="h-full rounded-full bg-brand transition-[width] duration-1000 ease-linear"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
    </div>
  );
}
