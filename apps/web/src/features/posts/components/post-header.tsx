import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Post } from '@streamhub/contract';
import { Img } from '@/components/ui/img';
import { useCurrentUser } from '@/lib/auth';
import { formatDate } from '@/lib/formatters';
import { channelHref } from '@/lib/video-owner';
import { isEdited, postAuthor } from '../post-rules';

/** Author (opens the channel) and date of a post; `date` may be a link to the post. */
export function PostHeader({ post, date, action }: { post: Post; date?: ReactNode; action?: ReactNode }) {
  const user = useCurrentUser();
  const author = postAuthor(post);
  const href = channelHref(author._id, user?._id);
  const avatar = <Img src={author.avatar} fallback="avatar" alt="" className="h-10 w-10 shrink-0 rounded-full object-cover" />;
  return (
    <header className="flex items-start gap-3">
      {href ? (
        <Link to={href} aria-label={`${author.fullname}'s channel`} className="relative z-10 shrink-0 rounded-full">
          {avatar}
        </Link>
      ) : (
        avatar
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="flex min-w-0 flex-wrap items-baseline gap-x-2">
          {href ? (
            <Link to={href} className="relative z-10 truncate font-semibold hover:underline">
              {author.fullname}
            </Link>
          ) : (
            <span className="truncate font-semibold">{author.fullname}</span>
          )}
          <span className="truncate text-sm text-muted">@{author.username}</span>
        </p>
        <p className="text-sm text-muted">
          {date ?? <time dateTime={post.updatedAt}>{formatDate(post.updatedAt)}</time>}
          {isEdited(post) ? ' (edited)' : ''}
        </p>
      </div>
      {action}
    </header>
  );
}
