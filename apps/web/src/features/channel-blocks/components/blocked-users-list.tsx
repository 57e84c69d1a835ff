import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Img } from '@/components/ui/img';
import { LoadError } from '@/components/ui/list-states';
import { formatDate } from '@/lib/formatters';
import { useBlocks } from '../api/get-blocks';
import { useSetBlocked } from '../api/block-user';

/** The users I blocked from commenting on my videos and posts, each with Unblock. */
export function BlockedUsersList() {
  const blocks = useBlocks();
  const setBlocked = useSetBlocked();
  if (blocks.isPending) return <p className="text-sm text-muted">Loading blocked users...</p>;
  if (blocks.isError) return <LoadError message="Blocked users could not be loaded." onRetry={() => void blocks.refetch()} />;
  if (blocks.data.length === 0)
    return (
      <p className="text-sm text-muted">
        Nobody is blocked. Block someone from the ⋯ menu of their comment on your video or post.
      </p>
    );
  return (
    <ul aria-label="Blocked users" className="flex flex-col gap-2">
      {blocks.data.map(({ user, createdAt }) => (
        <li key={user._id} className="flex items-center gap-3 rounded-xl border border-line bg-panel p-3">
          <Img src={user.avatar} fallback="avatar" alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />
          <Link to={`/channel/${encodeURIComponent(user._id)}`} className="flex min-w-0 flex-1 flex-col hover:underline">
            <span className="truncate text-sm font-semibold">{user.fullname}</span>
            <span className="truncate text-xs text-muted">
              @{user.username} · blocked {formatDate(createdAt)}
            </span>
          </Link>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Unblock @${user.username}`}
            aria-disabled={setBlocked.isPending}
            onClick={() =>
              !setBlocked.isPending && setBlocked.mutate({ userId: user._id, username: user.username, blocked: false })
            }
          >
            Unblock
          </Button>
        </li>
      ))}
    </ul>
  );
}
