import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { Post } from '@streamhub/contract';
import { LikeButton } from '@/components/like-button';
import { CommentIcon } from '@/components/ui/icons';
import { ItemMenu } from '@/components/ui/item-menu';
import { errorText } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { formatCount } from '@/lib/formatters';
import { toastError, toastSuccess } from '@/lib/toast';
import { useDeletePost } from '../api/delete-post';
import { useTogglePostLike } from '../api/toggle-post-like';
import { isPostOwner } from '../post-rules';
import { PostHeader } from './post-header';
import { RemovedNote } from './removed-note';
import { LinkedText } from '@/components/linked-text';

type PostDetailProps = {
  post: Post;
  /** Others' ⋯ menu on the post (Report), composed by the page. */
  othersMenu?: ReactNode;
  onEdit: () => void;
  onDeleted: () => void;
};

/** The post on its own page (SPEC §2): like toggle, and for its author a menu with Edit and Delete. */
export function PostDetail({ post, othersMenu, onEdit, onDeleted }: PostDetailProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const like = useTogglePostLike();
  const remove = useDeletePost();
  const owner = isPostOwner(post, user?._id);

  // SPEC §8 lists no confirmation for deleting a post: Delete in the menu deletes.
  function deletePost() {
    remove.mutate(post._id, {
      onSuccess: () => {
        toastSuccess(t('postDetail.deleted'));
        onDeleted();
      },
      onError: (error) => {
        console.error('Could not delete the post', error);
        toastError(errorText(error, t('postDetail.deleteFailed')));
      },
    });
  }

  return (
    <article
      aria-label={t('postDetail.label')}
      aria-busy={remove.isPending}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-panel p-4 sm:p-6"
    >
      <PostHeader
        post={post}
        action={owner ? <ItemMenu label={t('postDetail.options')} onEdit={onEdit} onDelete={deletePost} /> : othersMenu}
      />
      <RemovedNote reason={post.removedReason} />
      <p className="text-lg break-words whitespace-pre-line">
        <LinkedText text={post.content} />
      </p>
      <div className="flex items-center gap-4">
        <LikeButton
          label={t('postDetail.like')}
          liked={post.isLiked}
          likes={post.likes}
          pending={like.isPending}
          onToggle={() => like.mutate(post._id)}
        />
        <span className="flex items-center gap-1.5 text-sm text-muted" data-testid="post-comments">
          <CommentIcon />
          {t('count.comments', { count: post.comments, formatted: formatCount(post.comments) })}
        </span>
      </div>
    </article>
  );
}
