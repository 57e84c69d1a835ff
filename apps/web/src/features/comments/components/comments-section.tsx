import { useId } from 'react';
import type { Comment } from '@streamhub/contract';
import type { MenuAction } from '@/components/ui/action-menu';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFocusAfterRemoval } from '@/lib/use-focus-after-removal';
import { useComments } from '../api/get-comments';
import type { CommentTarget } from '../comment-rules';
import { CommentBox } from './comment-box';
import { CommentItem } from './comment-item';

/**
 * '{n} Comments', the comment box and the list, for a video or a post (SPEC §2). It loads on its
 * own: a failure shows here, not instead of the video or post.
 */
export function CommentsSection({
  target,
  commentActions,
}: {
  target: CommentTarget;
  /** The ⋯ actions on others' comments (Report, Block), composed by the page. */
  commentActions?: (comment: Comment) => MenuAction[];
}) {
  const comments = useComments(target);
  const titleId = useId();
  // A deleted comment takes its focused menu with it.
  const headingRef = useFocusAfterRemoval<HTMLHeadingElement>(comments.data?.length);
  return (
    <section aria-labelledby={titleId} aria-busy={comments.isPending} className="flex flex-col gap-4">
      <h2 ref={headingRef} id={titleId} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {comments.data ? `${comments.data.length} Comments` : 'Comments'}
      </h2>
      <CommentBox target={target} />
      {comments.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="h-4 w-4 border-2" />
          Loading comments...
        </p>
      ) : comments.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p className="text-muted">Comments could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={() => void comments.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <ul className="flex flex-col gap-5">
          {comments.data.map((comment) => (
            <li key={comment._id}>
              <CommentItem comment={comment} target={target} actions={commentActions?.(comment)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
