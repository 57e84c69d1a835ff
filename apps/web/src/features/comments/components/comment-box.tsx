import { useTranslation } from '@/i18n/use-translation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { COMMENT_MAX_LENGTH } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { Img } from '@/components/ui/img';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth';
import { useAddComment } from '../api/add-comment';
import { newCommentContent, type CommentTarget } from '../comment-rules';

/** The comment box (SPEC §2): Cancel and Comment appear once it is used; blank text is never sent. */
export function CommentBox({ target }: { target: CommentTarget }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const add = useAddComment(target);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const content = newCommentContent(text);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!content || add.isPending) return;
    add.mutate(content, {
      onSuccess: () => {
        setText('');
        setOpen(false);
      },
    });
  }

  return (
    <form ref={formRef} onSubmit={submit} className="flex gap-3" aria-busy={add.isPending}>
      <Img src={user?.avatar} fallback="avatar" alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />
      <div className="flex flex-1 flex-col gap-2">
        <label htmlFor={id} className="sr-only">
          {t('comments.add')}
        </label>
        <textarea
          id={id}
          rows={open || text ? 3 : 1}
          maxLength={COMMENT_MAX_LENGTH}
          placeholder={t('comments.addPlaceholder')}
          value={text}
          onFocus={() => setOpen(true)}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Ctrl/⌘ + Enter sends, as in most comment boxes; Enter alone is a new line.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              formRef.current?.requestSubmit();
            }
          }}
          className="resize-none border-b border-line bg-transparent py-1 outline-none focus:border-fg"
        />
        {open || text ? (
          <div className="flex justify-end gap-2">
            <Button
              variant="ghost"
              size="sm"
              disabled={add.isPending}
              onClick={() => {
                setText('');
                setOpen(false);
              }}
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" size="sm" disabled={!content || add.isPending}>
              {add.isPending ? <Spinner className="h-3.5 w-3.5 border-2" /> : null}
              {t('comments.send')}
            </Button>
          </div>
        ) : null}
      </div>
    </form>
  );
}
