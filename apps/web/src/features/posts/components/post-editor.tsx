import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { POST_MAX_LENGTH } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { postSubmission } from '../post-rules';

type PostEditorProps = {
  /** The post's current text when editing; absent when writing a new post. */
  original?: string;
  submitLabel: 'Create Post' | 'Save Changes';
  pending: boolean;
  /** The server's refusal, shown above the buttons. */
  error: string | null;
  onSubmit: (content: string) => void;
  /** An edit that changed nothing leaves without a call (SPEC §5). */
  onUnchanged: () => void;
  onCancel: () => void;
};

/** The post editor (SPEC §2): a textarea, Cancel, and Create Post or Save Changes; blank text is never sent. */
export function PostEditor({ original, submitLabel, pending, error, onSubmit, onUnchanged, onCancel }: PostEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(original ?? '');
  const submission = postSubmission(text, original);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (submission.send) onSubmit(submission.content);
    else if (submission.reason === 'unchanged') onUnchanged();
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={pending} className="flex flex-col gap-4">
      <TextareaField
        label={t('postEditor.content')}
        name="content"
        autoFocus
        rows={8}
        maxLength={POST_MAX_LENGTH}
        placeholder={t('postEditor.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <FormError message={error} />
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={pending || (!submission.send && submission.reason === 'blank')}>
          {pending ? <Spinner className="h-4 w-4 border-2" /> : null}
          {submitLabel === 'Create Post' ? t('postEditor.create') : t('postEditor.save')}
        </Button>
      </div>
    </form>
  );
}
