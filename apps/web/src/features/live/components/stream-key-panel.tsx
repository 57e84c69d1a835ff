import { useId, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { LiveKey } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { toastError, toastSuccess } from '@/lib/toast';
import { useNewLiveKey } from '../api/new-live-key';

function CopyField({ label, value, done }: { label: string; value: string; done: string }) {
  const { t } = useTranslation();
  const id = useId();
  const copy = async () => {
    if (await copyText(value, id)) toastSuccess(done);
    else toastError(t('streamKey.copyFailed'));
  };
  return (
    <div className="flex items-end gap-2">
      <TextField
        id={id}
        label={label}
        value={value}
        readOnly
        spellCheck={false}
        onFocus={(e) => e.currentTarget.select()}
        className="min-w-0 flex-1 font-mono"
      />
      <Button
        variant="secondary"
        onClick={() => void copy()}
        className="h-11"
        aria-label={t('streamKey.copyLabel', { label: label.toLowerCase() })}
      >
        {t('streamKey.copy')}
      </Button>
    </div>
  );
}

/**
 * Where the creator's encoder sends the stream (API.md §17, §22): the server and the stream key as
 * OBS names its two fields, and under them the whole URL for ffmpeg,
 * shown once (the server keeps only the key's hash: this page shows the key it was handed and
 * nothing shows it again), each with a copy button; "New key" makes another and the old one stops working.
 */
export function StreamKeyPanel({ videoId, initialKey }: { videoId: string; initialKey: LiveKey | null }) {
  const { t } = useTranslation();
  const [key, setKey] = useState<LiveKey | null>(initialKey);
  const [confirming, setConfirming] = useState(false);
  const renew = useNewLiveKey(videoId);
  const makeKey = async () => {
    try {
      setKey(await renew.mutateAsync());
      toastSuccess(t('streamKey.made'));
    } catch (e) {
      toastError(errorText(e, t('streamKey.makeFailed')));
    }
  };
  return (
    <section aria-labelledby={`${videoId}-key`} className="flex flex-col gap-3 rounded-xl border border-line p-4">
      <h2 id={`${videoId}-key`} className="font-semibold">
        {t('streamKey.title')}
      </h2>
      {key ? (
        <>
          <p className="text-sm text-muted">{t('streamKey.howTo')}</p>
          <CopyField label={t('streamKey.server')} value={key.serverUrl} done={t('streamKey.serverCopied')} />
          <CopyField label={t('streamKey.key')} value={key.streamKey} done={t('streamKey.keyCopied')} />
          <p className="text-sm text-muted">{t('streamKey.fullUrlHelp')}</p>
          <CopyField label={t('streamKey.fullUrl')} value={key.ingestUrl} done={t('streamKey.fullUrlCopied')} />
        </>
      ) : (
        <p className="text-sm text-muted">{t('streamKey.shownOnce')}</p>
      )}
      <Button variant="secondary" className="self-start" aria-disabled={renew.isPending} onClick={() => setConfirming(true)}>
        {t('streamKey.newKey')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('streamKey.confirmTitle')}
        description={t('streamKey.confirmText')}
        onConfirm={() => void makeKey()}
      />
    </section>
  );
}
