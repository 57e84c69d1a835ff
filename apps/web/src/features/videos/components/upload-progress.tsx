import { useTranslation } from '@/i18n/use-translation';
import { useEffect, useRef } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { formatTimeLeft } from '../video-upload';

type UploadProgressProps = { percent: number; secondsLeft: number | null; resumed?: boolean };

/** SPEC §2: the 'Uploading Video...' spinner, plus a real progress bar with percent and time left. */
export function UploadProgressPanel({ percent, secondsLeft, resumed = false }: UploadProgressProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  // The panel appears below a long form (and the thumbnail preview): bring it into view once.
  useEffect(() => {
    // Braces matter: newer browsers return a Promise from scrollIntoView, which React would call as a cleanup.
    panel.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <div
      ref={panel}
      role="status"
      aria-live="polite"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-panel p-4"
      data-testid="upload-progress"
    >
      <div className="flex items-center gap-3">
        <Spinner className="h-6 w-6" />
        <p className="font-medium">{t('uploadProgress.uploading')}</p>
        {resumed ? <span className="text-xs text-muted">{t('uploadProgress.resumed')}</span> : null}
        <span className="ms-auto text-sm tabular-nums text-muted">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('uploadProgress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2 w-full overflow-hidden rounded-full bg-raised"
      >
        <div className="h-full rounded-full bg-brand transition-[width] duration-200" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted">{percent >= 100 ? t('uploadProgress.processing') : formatTimeLeft(secondsLeft, t)}</p>
    </div>
  );
}
