import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import type { Post } from '@streamhub/contract';
import { CommentIcon, LikeIcon } from '@/components/ui/icons';
import { formatCount, formatDate } from '@/lib/formatters';
import { postAuthor } from '../post-rules';
import { PostHeader } from './post-header';
import { RemovedNote } from './removed-note';
import { LinkedText } from '@/components/linked-text';

/** A post in the 'Posts' list (SPEC §2): author, date, content, like and comment counts; it opens the post. */
export function PostCard({ post, href }: { post: Post; href: string }) {
  const { t } = useTranslation();
  const author = postAuthor(post);
  return (
    <article
      aria-label={t('postCard.label', { name: author.fullname })}
      className="relative flex flex-col gap-3 rounded-2xl border border-line bg-panel p-4 transition-colors focus-within:border-zinc-500 hover:border-zinc-500 sm:p-5"
    >
      <PostHeader
        post={post}
        date={
          // The date is the post's link, stretched over the whole card; author links sit above it.
          <Link to={href} className="rounded after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:underline">
            <time dateTime={post.updatedAt}>{formatDate(post.updatedAt)}</time>
            <span className="sr-only"> {t('postCard.openPost')}</span>
          </Link>
        }
      />
      <RemovedNote reason={post.removedReason} />
      <p className="line-clamp-6 break-words whitespace-pre-line">
        <LinkedText text={post.content} />
      </p>
      <p className="flex gap-4 text-sm text-muted">
        <span className="flex items-center gap-1.5" data-testid="post-likes">
          <LikeIcon className={post.isLiked ? 'text-fg' : undefined} />
          {t('count.likes', { count: post.likes, formatted: formatCount(post.likes) })}
        </span>
        <span className="flex items-center gap-1.5" data-testid="post-comments">
          <CommentIcon />
          {t('count.comments', { count: post.comments, formatted: formatCount(post.comments) })}
        </span>
      </p>
    </article>
  );
}
