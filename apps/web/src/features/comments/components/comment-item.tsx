import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { COMMENT_MAX_LENGTH, type Comment } from '@streamhub/contract';
import { LikeButton } from '@/components/like-button';
import { TimestampedText } from '@/components/timestamped-text';
import { Button } from '@/components/ui/button';
import { Img } from '@/components/ui/img';
import { ActionMenu, type MenuAction } from '@/components/ui/action-menu';
import { ItemMenu } from '@/components/ui/item-menu';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth';
import { formatRelativeTime } from '@/lib/formatters';
import { useNow } from '@/lib/use-now';
import { useDeleteComment } from '../api/delete-comment';
import { useEditComment } from '../api/edit-comment';
import { useToggleCommentLike } from '../api/toggle-comment-like';
import { useTogglePin } from '../api/toggle-pin';
import { commentEditContent, isCommentAuthor, type CommentTarget } from '../comment-rules';

type CommentItemProps = {
  comment: Comment;
  target: CommentTarget;
  /** What others may do to this comment (Report, Block its author), composed by the page. */
  actions?: MenuAction[];
  /** Opens the reply box under its thread (API.md §14). */
  onReply?: () => void;
  /** The viewer owns the video or post: Pin / Unpin on top-level comments. */
  canPin?: boolean;
};

/**
 * One comment: author, time, text, like toggle and Reply; its author also gets Edit (inline) and
 * Delete (SPEC §2, §4, §6), the owner of the video or post Pin (API.md §14).
 */
export function CommentItem({ comment, target, actions = [], onReply, canPin = false }: CommentItemProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const now = useNow();
  const like = useToggleCommentLike(target);
  const pin = useTogglePin(target);
  const pinAction: MenuAction[] =
    canPin && !comment.parentId && !comment.held && !comment.removedReason
      ? [{ label: comment.pinned ? t('commentItem.unpin') : t('commentItem.pin'), onSelect: () => pin.mutate(comment._id) }]
      : [];
  const edit = useEditComment(target);
  const remove = useDeleteComment(target);
  const articleRef = useRef<HTMLElement>(null);
  const editId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.content);
  const username = comment.owner?.username || t('commentItem.unknownUser');
  const edited = comment.updatedAt && comment.createdAt && comment.updatedAt !== comment.createdAt;

  function stopEditing() {
    setEditing(false);
    // Keyboard users stay on this comment instead of falling back to the top of the page.
    requestAnimationFrame(() => articleRef.current?.focus());
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const content = commentEditContent(comment.content, draft);
    if (!content) {
      // Unchanged or blank: revert, nothing is sent (SPEC §4).
      setDraft(comment.content);
      stopEditing();
      return;
    }
    edit.mutate({ commentId: comment._id, content }, { onSuccess: stopEditing });
  }

  return (
    <article
      ref={articleRef}
      tabIndex={-1}
      aria-label={t('commentItem.label', { username })}
      className="flex gap-3 rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-400"
    >
      <Img src={comment.owner?.avatar} fallback="avatar" alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {comment.pinned ? <p className="text-xs font-medium text-muted">{t('commentItem.pinned')}</p> : null}
        <p className="text-sm">
          <span className="font-semibold">@{username}</span>{' '}
          {comment.isMember ? (
            <span className="me-1 rounded bg-emerald-500/20 px-1.5 py-0.5 text-xs font-medium text-emerald-300">
              {t('commentItem.member')}
            </span>
          ) : null}
          <span className="text-muted">
            {formatRelativeTime(comment.updatedAt, now)}
            {edited ? t('commentItem.edited') : ''}
          </span>
        </p>
        {comment.removedReason ? (
          <p className="text-xs font-medium text-red-300">{t('commentItem.removed', { reason: comment.removedReason })}</p>
        ) : comment.held ? (
          <p className="text-xs font-medium text-amber-300">{t('commentItem.held')}</p>
        ) : null}
        {editing ? (
          <form onSubmit={save} className="flex flex-col gap-2" aria-busy={edit.isPending}>
            <label htmlFor={editId} className="sr-only">
              {t('commentItem.yourComment')}
            </label>
            <textarea
              id={editId}
              rows={3}
              autoFocus
              maxLength={COMMENT_MAX_LENGTH}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  e.preventDefault();
                  setDraft(comment.content);
                  stopEditing();
                }
              }}
              className="w-full resize-y rounded-lg border border-line bg-page px-3 py-2 text-sm outline-none focus:border-sky-400"
            />
            <div className="flex justify-end gap-2">
              <Button
                variant="ghost"
                size="sm"
                disabled={edit.isPending}
                onClick={() => {
                  setDraft(comment.content);
                  stopEditing();
                }}
              >
                {t('common.cancel')}
              </Button>
              <Button type="submit" size="sm" disabled={edit.isPending}>
                {edit.isPending ? <Spinner className="h-3.5 w-3.5 border-2" /> : null}
                {t('commentItem.editComment')}
              </Button>
            </div>
          </form>
        ) : (
          <p className="break-words whitespace-pre-line">
            {/* A video's comments link their timestamps to its player (`?t=`); a post has none. */}
            {target.kind === 'video' ? <TimestampedText text={comment.content} videoId={target.id} /> : comment.content}
          </p>
        )}
        {editing ? null : (
          <div className="-ms-2 flex items-center">
            <LikeButton
              size="sm"
              label={t('commentItem.like')}
              liked={comment.isLiked}
              likes={comment.likes}
              pending={like.isPending}
              onToggle={() => like.mutate(comment._id)}
            />
            {onReply ? (
              <Button variant="ghost" size="sm" onClick={onReply} aria-label={t('commentItem.replyTo', { username })}>
                {t('commentItem.reply')}
              </Button>
            ) : null}
          </div>
        )}
      </div>
      {!isCommentAuthor(comment, user) ? (
        <ActionMenu label={t('commentItem.moreActions', { username })} actions={[...pinAction, ...actions]} />
      ) : !editing ? (
        <ItemMenu
          label={t('commentItem.options', { username })}
          onEdit={() => {
            setDraft(comment.content);
            setEditing(true);
          }}
          // SPEC §8 lists no confirmation for deleting a comment: Delete in the menu deletes.
          onDelete={() => remove.mutate(comment._id)}
          extra={pinAction}
        />
      ) : null}
    </article>
  );
}
