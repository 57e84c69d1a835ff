import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent } from './dialog';
import { FormError } from './form-error';
import { TextareaField } from './textarea-field';

type ReasonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** Label of the text field ('Reason', 'Note'). */
  fieldLabel?: string;
  /** A reason is required (takedowns, suspensions); otherwise it may be blank. */
  required?: boolean;
  confirmVariant?: 'primary' | 'danger';
  pending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
};

/** A staff action that records why (take down, reject, suspend): the text goes to the audit log. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, onOpenChange, title, description } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title={title} description={description} className="max-w-md">
          <ReasonForm {...props} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function ReasonForm({
  confirmLabel,
  fieldLabel,
  required,
  confirmVariant = 'danger',
  pending,
  error,
  onConfirm,
}: ReasonDialogProps) {
  const { t } = useTranslation();
  const field = fieldLabel ?? t('reasonDialog.reason');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (required && !reason.trim()) return setMissing(true);
    onConfirm(reason.trim());
  }
  return (
    <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
      <TextareaField
        label={required ? field : t('reasonDialog.optional', { field })}
        name="reason"
        maxLength={1000}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setMissing(false);
        }}
      />
      <FormError message={missing ? t('reasonDialog.required', { field }) : error} />
      <div className="flex justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" variant={confirmVariant} aria-disabled={pending}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
