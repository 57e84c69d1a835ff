import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { ReportReason, ReportTargetType } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { errorText } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { useCreateReport } from '../api/create-report';
import { REPORT_REASONS, REPORT_TEXT_MAX_LENGTH } from '@/lib/report-reasons';

/** What the dialog reports: its type, id, and a name for the title ('“Sunset”', '@ann'). */
export type ReportTarget = { type: ReportTargetType; id: string; name: string };

type ReportDialogProps = {
  /** The open dialog's target; null keeps it closed. */
  target: ReportTarget | null;
  onClose: () => void;
};

/**
 * 'Report' on a video, comment, post or channel (API.md §12): one of the predefined reasons and
 * an optional note. 'Report sent' on success; the server's text (a second open report is 409)
 * stays in the dialog.
 */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {target ? (
        <DialogContent
          title={t(`reportDialog.title.${target.type}`)}
          description={t('reportDialog.description', { name: target.name })}
          className="max-w-lg"
        >
          <ReportForm key={`${target.type}:${target.id}`} target={target} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason) return setError(t('reportDialog.chooseReason'));
    setError(null);
    try {
      await create.mutateAsync({ targetType: target.type, targetId: target.id, reason, text });
      toastSuccess(t('reportDialog.sent'));
      onDone();
    } catch (e) {
      console.error('Could not send the report', e);
      setError(errorText(e, t('reportDialog.sendFailed')));
    }
  }

  const sending = create.isPending;
  return (
    <form onSubmit={submit} noValidate aria-busy={sending} className="mt-5 flex flex-col gap-4">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-2 text-sm font-medium text-zinc-200">{t('reportDialog.reason')}</legend>
        {REPORT_REASONS.map((r) => (
          <label
            key={r.value}
            className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-hover has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-400"
          >
            <input
              type="radio"
              name="reason"
              value={r.value}
              checked={reason === r.value}
              onChange={() => setReason(r.value)}
              className="h-4 w-4 accent-sky-400"
            />
            {t(`reportDialog.reason.${r.value}`)}
          </label>
        ))}
      </fieldset>
      <TextareaField
        label={t('reportDialog.details')}
        name="text"
        maxLength={REPORT_TEXT_MAX_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <FormError message={error} />
      <div className="flex justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" aria-disabled={sending} onClick={(e) => sending && e.preventDefault()}>
          {sending ? <Spinner className="h-4 w-4 border-2" /> : null}
          {t('reportDialog.send')}
        </Button>
      </div>
    </form>
  );
}
