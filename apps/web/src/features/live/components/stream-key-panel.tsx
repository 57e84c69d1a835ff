import { useId, useState } from 'react';
import type { LiveKey } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { toastError, toastSuccess } from '@/lib/toast';
import { useNewLiveKey } from '../api/new-live-key';

function CopyField({ label, value, done }: { label: string; value: string; done: string }) {
  const id = useId();
  const copy = async () => {
    if (await copyText(value, id)) toastSuccess(done);
    else toastError('Could not copy: select the text and copy it');
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
      <Button variant="secondary" onClick={() => void copy()} className="h-11" aria-label={`Copy ${label.toLowerCase()}`}>
        Copy
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
  const [key, setKey] = useState<LiveKey | null>(initialKey);
  const [confirming, setConfirming] = useState(false);
  const renew = useNewLiveKey(videoId);
  const makeKey = async () => {
    try {
      setKey(await renew.mutateAsync());
      toastSuccess('New stream key made');
    } catch (e) {
      toastError(errorText(e, 'A new key could not be made'));
    }
  };
  return (
    <section aria-labelledby={`${videoId}-key`} className="flex flex-col gap-3 rounded-xl border border-line p-4">
      <h2 id={`${videoId}-key`} className="font-semibold">
        Stream key
      </h2>
      {key ? (
        <>
          <p className="text-sm text-muted">
            In OBS (Settings, Stream, Service: Custom), paste the Server and the Stream key into the fields of the same names. The
            key is shown only now: copy it before you leave this page.
          </p>
          <CopyField label="Server" value={key.serverUrl} done="Server copied" />
          <CopyField label="Stream key" value={key.streamKey} done="Stream key copied" />
          <p className="text-sm text-muted">For ffmpeg and other tools that take one address, the server and key together:</p>
          <CopyField label="Full URL for ffmpeg" value={key.ingestUrl} done="Full URL copied" />
        </>
      ) : (
        <p className="text-sm text-muted">
          The stream key was shown once, when it was made. Make a new key to stream from another encoder.
        </p>
      )}
      <Button variant="secondary" className="self-start" aria-disabled={renew.isPending} onClick={() => setConfirming(true)}>
        New key
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Make a new key?"
        description="The current key stops working: an encoder using it cannot connect again."
        onConfirm={() => void makeKey()}
      />
    </section>
  );
}
