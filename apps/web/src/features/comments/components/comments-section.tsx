import { useTranslation } from '@/i18n/use-translation';
import { useId, useState } from 'react';
import type { Comment } from '@streamhub/contract';
import type { MenuAction } from '@/components/ui/action-menu';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';
import { useComments } from '../api/get-comments';
import { sortComments, type CommentOrder, type CommentTarget } from '../comment-rules';
import { CommentBox } from './comment-box';
import { CommentThread } from './comment-thread';

/**
 * '{n} Comments', the comment box and the list, for a video or a post (SPEC §2). It loads on its
 * own: a failure shows here, not instead of the video or post.
 */
export function CommentsSection({
  target,
  commentActions,
  canPin = false,
}: {
  target: CommentTarget;
  /** The ⋯ actions on others' comments (Report, Block), composed by the page. */
  commentActions?: (comment: Comment) => MenuAction[];
  /** The viewer owns the video or post: they pin comments (API.md §14). */
  canPin?: boolean;
}) {
  const { t } = useTranslation();
  const comments = useComments(target);
  const titleId = useId();
  const sortId = useId();
  const [order, setOrder] = useState<CommentOrder>('oldest');
  // A deleted comment takes its focused menu with it.
  const headingRef = useFocusAfterRemoval<HTMLHeadingElement>(comments.data?.length);
  return (
    <section aria-labelledby={titleId} aria-busy={comments.isPending} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 ref={headingRef} id={titleId} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {comments.data ? t('comments.count', { count: comments.data.length }) : t('comments.heading')}
        </h2>
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={sortId} className="text-muted">
            {t('comments.sortBy')}
          </label>
          <select
            id={sortId}
            value={order}
            onChange={(e) => setOrder(e.target.value as CommentOrder)}
            className="rounded-lg border border-line bg-page px-2 py-1"
          >
            <option value="oldest">{t('comments.oldest')}</option>
            <option value="top">{t('comments.top')}</option>
            <option value="newest">{t('comments.newest')}</option>
          </select>
        </div>
      </div>
      <CommentBox target={target} />
      {comments.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="h-4 w-4 border-2" />
          {t('comments.loading')}
        </p>
      ) : comments.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p className="text-muted">{t('comments.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void comments.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </div>
      ) : (
        <ul className="flex flex-col gap-5">
          {sortComments(comments.data, order).map((comment) => (
            <li key={comment._id}>
              <CommentThread comment={comment} target={target} commentActions={commentActions} canPin={canPin} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
