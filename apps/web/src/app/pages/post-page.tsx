import { useTranslation } from '@/i18n/use-translation';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ActionMenu } from '@/components/ui/action-menu';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { usePost } from '@/features/posts/api/get-post';
import { NoPostFound } from '@/features/posts/components/no-post-found';
import { PostDetail } from '@/features/posts/components/post-detail';
import { postAuthor } from '@/features/posts/post-rules';
import { ApiError } from '@/lib/api-client';
import { useGoBack } from '@/lib/go-back';
import { useCommunityActions } from '../use-community-actions';

function PostScreen({ postId, channelId }: { postId: string; channelId: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const postsPath = channelId ? `/post/u/${encodeURIComponent(channelId)}` : '/post';
  const goBack = useGoBack(postsPath);
  const post = usePost(postId);
  const community = useCommunityActions((post.data && postAuthor(post.data)._id) ?? undefined);
  // SPEC §8: a server error (≥ 500) goes back one page; anything else that fails is 'No Post Found'.
  const serverError = post.error instanceof ApiError && post.error.status >= 500;
  useEffect(() => {
    if (post.error) console.error('Could not load the post', post.error instanceof ApiError ? post.error.data : post.error);
    if (serverError) goBack();
  }, [post.error, serverError, goBack]);

  if (post.isPending || serverError) return <LoadingScreen />;
  if (post.isError) return <NoPostFound />;
  const author = postAuthor(post.data);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <title>{t('postPage.documentTitle', { name: author.fullname })}</title>
      <nav aria-label={t('postPage.breadcrumb')}>
        <Link to={postsPath} className="text-sm text-muted hover:text-fg">
          {t('postPage.backToPosts')}
        </Link>
      </nav>
      <h1 className="sr-only">{t('postPage.title', { name: author.fullname })}</h1>
      <PostDetail
        post={post.data}
        othersMenu={
          <ActionMenu
            label={t('postPage.moreActions')}
            actions={[community.report({ type: 'post', id: postId, name: t('postPage.reportName', { name: author.fullname }) })]}
          />
        }
        onEdit={() => void navigate(`/post/edit/${encodeURIComponent(postId)}`)}
        // Only the author can delete: back to their own posts, and not back to the deleted one.
        onDeleted={() => void navigate('/post', { replace: true })}
      />
      <CommentsSection
        target={{ kind: 'post', id: postId }}
        commentActions={community.commentActions}
        canPin={community.ownsContent}
      />
      {community.reportDialog}
    </div>
  );
}

/** /post/p/{postId} and /post/u/{channelId}/p/{postId} (SPEC §2): the post, its like and its comments. */
export function PostPage() {
  const { postId = '', channelId } = useParams();
  return <PostScreen key={postId} postId={postId} channelId={channelId} />;
}
