import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { COMMENT_MAX_LENGTH, type Comment } from '@streamhub/contract';
import type { MenuAction } from '@/components/ui/action-menu';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCount } from '@/lib/formatters';
import { useAddReply } from '../api/add-reply';
import { useReplies } from '../api/get-replies';
import { newCommentContent, replyDraft, type CommentTarget } from '../comment-rules';
import { CommentItem } from './comment-item';

type CommentThreadProps = {
  comment: Comment;
  target: CommentTarget;
  commentActions?: (comment: Comment) => MenuAction[];
  canPin?: boolean;
};

/**
 * A top-level comment and its replies (API.md §14, one level like YouTube): Reply opens a box
 * under the thread (a reply to a reply starts with @its author), "N replies" expands the thread.
 */
export function CommentThread({ comment, target, commentActions, canPin }: CommentThreadProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [replyingTo, setReplyingTo] = useState<Comment | null>(null);
  const replies = useReplies(target, comment._id, open);
  const threadId = useId();

  return (
    <div className="flex flex-col gap-2">
      <CommentItem
        comment={comment}
        target={target}
        actions={commentActions?.(comment)}
        canPin={canPin}
        onReply={() => setReplyingTo(comment)}
      />
      <div className="ms-12 flex flex-col gap-3">
        {replyingTo ? (
          <ReplyBox
            target={target}
            to={replyingTo}
            onDone={(posted) => {
              setReplyingTo(null);
              if (posted) setOpen(true);
            }}
          />
        ) : null}
        {comment.replyCount > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            className="self-start text-sky-300"
            aria-expanded={open}
            aria-controls={threadId}
            onClick={() => setOpen(!open)}
          >
            {open ? '▲' : '▼'}{' '}
            {t('commentThread.replies', { count: comment.replyCount, formatted: formatCount(comment.replyCount) })}
          </Button>
        ) : null}
        {open ? (
          <div id={threadId}>
            {replies.isPending ? (
              <p role="status" className="flex items-center gap-2 text-sm text-muted">
                <Spinner className="h-4 w-4 border-2" />
                {t('commentThread.loadingReplies')}
              </p>
            ) : replies.isError ? (
              <p role="alert" className="text-sm text-muted">
                {t('commentThread.repliesFailed')}
              </p>
            ) : (
              <ul
                aria-label={t('commentThread.repliesTo', { username: comment.owner?.username ?? t('commentItem.unknownUser') })}
                className="flex flex-col gap-4"
              >
                {replies.data.map((reply) => (
                  <li key={reply._id}>
                    <CommentItem
                      comment={reply}
                      target={target}
                      actions={commentActions?.(reply)}
                      onReply={() => setReplyingTo(reply)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The reply box: a blank reply is not sent (SPEC §5, as a comment); Escape or Cancel closes it. */
function ReplyBox({ target, to, onDone }: { target: CommentTarget; to: Comment; onDone: (posted: boolean) => void }) {
  const { t } = useTranslation();
  const add = useAddReply(target);
  const [draft, setDraft] = useState(() => replyDraft(to));
  const fieldId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const content = newCommentContent(draft);
    if (!content) return;
    add.mutate({ commentId: to._id, content }, { onSuccess: () => onDone(true) });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-busy={add.isPending}>
      <label htmlFor={fieldId} className="sr-only">
        {t('commentThread.yourReply')}
      </label>
      <textarea
        id={fieldId}
        rows={2}
        autoFocus
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={t('commentThread.addReply')}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onDone(false);
          }
        }}
        className="w-full resize-y rounded-lg border border-line bg-page px-3 py-2 text-sm outline-none focus:border-sky-400"
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" disabled={add.isPending} onClick={() => onDone(false)}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={add.isPending || !draft.trim()}>
          {add.isPending ? <Spinner className="h-3.5 w-3.5 border-2" /> : null}
          {t('commentItem.reply')}
        </Button>
      </div>
    </form>
  );
}
