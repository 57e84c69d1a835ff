import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import type { HeldComment } from '@streamhub/contract';
import { Button } from '@/components/ui/button';
import { Img } from '@/components/ui/img';
import { LoadError } from '@/components/ui/list-states';
import { formatRelativeTime } from '@/lib/formatters';
import { useHeldComments } from '../api/get-held-comments';
import { useReviewHeldComment } from '../api/review-held-comment';

const parentHref = (comment: HeldComment) =>
  comment.parent.type === 'video'
    ? `/video/watch/${encodeURIComponent(comment.parent._id)}`
    : `/post/p/${encodeURIComponent(comment.parent._id)}`;

/** Comments held for a blocked word, waiting for me: Approve shows it, Delete removes it. */
export function HeldCommentsList() {
  const { t } = useTranslation();
  const held = useHeldComments();
  const review = useReviewHeldComment();
  if (held.isPending) return <p className="text-sm text-muted">{t('heldComments.loading')}</p>;
  if (held.isError) return <LoadError message={t('heldComments.loadFailed')} onRetry={() => void held.refetch()} />;
  if (held.data.length === 0) return <p className="text-sm text-muted">{t('heldComments.empty')}</p>;
  return (
    <ul aria-label={t('heldComments.label')} className="flex flex-col gap-3">
      {held.data.map((comment) => (
        <li key={comment._id}>
          <article
            aria-label={t('heldComments.item', { username: comment.owner.username })}
            className="flex flex-col gap-2 rounded-xl border border-line bg-panel p-3"
          >
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <Img src={comment.owner.avatar} fallback="avatar" alt="" className="h-6 w-6 rounded-full object-cover" />
              <span className="font-semibold">@{comment.owner.username}</span>
              <span className="text-muted">{t('heldComments.when', { time: formatRelativeTime(comment.createdAt) })}</span>
              <Link to={parentHref(comment)} className="underline">
                {comment.parent.title ||
                  (comment.parent.type === 'video' ? t('heldComments.yourVideo') : t('heldComments.yourPost'))}
              </Link>
            </p>
            <p className="text-sm break-words whitespace-pre-line">{comment.content}</p>
            <div className="flex gap-2">
              <Button
                size="sm"
                aria-disabled={review.isPending}
                onClick={() => !review.isPending && review.mutate({ comment, approve: true })}
              >
                {t('heldComments.approve')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                aria-disabled={review.isPending}
                onClick={() => !review.isPending && review.mutate({ comment, approve: false })}
              >
                {t('heldComments.delete')}
              </Button>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
