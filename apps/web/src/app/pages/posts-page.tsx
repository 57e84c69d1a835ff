import { useTranslation } from '@/i18n/use-translation';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PencilIcon } from '@/components/ui/icons';
import { EmptyState, LoadError } from '@/components/ui/list-states';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useUserPosts } from '@/features/posts/api/get-user-posts';
import { PostCard } from '@/features/posts/components/post-card';
import { postHref } from '@/features/posts/post-rules';
import { errorText } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { isChannelOwner } from '@/lib/channel-state';

function PostList({ userId, channelId }: { userId: string; channelId: string | null }) {
  const { t } = useTranslation();
  const posts = useUserPosts(userId);
  if (posts.isPending) return <LoadingScreen />;
  if (posts.isError) {
    return <LoadError message={errorText(posts.error, t('postsPage.loadFailed'))} onRetry={() => void posts.refetch()} />;
  }
  if (posts.data.length === 0) return <EmptyState text={t('postsPage.empty')} />;
  return (
    <ul aria-label={t('postsPage.title')} className="flex flex-col gap-4">
      {posts.data.map((post) => (
        <li key={post._id}>
          <PostCard post={post} href={postHref(post._id, channelId)} />
        </li>
      ))}
    </ul>
  );
}

/** /post (own) and /post/u/{channelId} (SPEC §2): 'Posts', with New Post for the owner. */
export function PostsPage() {
  const { t } = useTranslation();
  const { channelId } = useParams();
  const user = useCurrentUser();
  const isOwner = isChannelOwner(channelId, user?._id);
  // A signed-out visitor reads a channel's posts (API.md §18); their own page needs a user.
  const userId = isOwner ? user?._id : channelId;
  if (!userId) return null;
  return (
    <section aria-labelledby="posts-title" className="mx-auto flex max-w-3xl flex-col gap-6">
      <title>{t('postsPage.documentTitle')}</title>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="posts-title" className="text-2xl font-bold">
          {t('postsPage.title')}
        </h1>
        {isOwner ? (
          <Link to="/post/new" className={buttonClasses('primary')}>
            <PencilIcon />
            {t('postsPage.newPost')}
          </Link>
        ) : null}
      </header>
      <PostList key={userId} userId={userId} channelId={isOwner ? null : userId} />
    </section>
  );
}
