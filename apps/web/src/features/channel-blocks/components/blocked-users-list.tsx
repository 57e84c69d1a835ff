import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { Img } from '@/components/ui/img';
import { LoadError } from '@/components/ui/list-states';
import { formatDate } from '@/lib/formatters';
import { useBlocks } from '../api/get-blocks';
import { useSetBlocked } from '../api/block-user';

/** The users I blocked from commenting on my videos and posts, each with Unblock. */
export function BlockedUsersList() {
  const { t } = useTranslation();
  const blocks = useBlocks();
  const setBlocked = useSetBlocked();
  if (blocks.isPending) return <p className="text-sm text-muted">{t('blockedUsers.loading')}</p>;
  if (blocks.isError) return <LoadError message={t('blockedUsers.loadFailed')} onRetry={() => void blocks.refetch()} />;
  if (blocks.data.length === 0) return <p className="text-sm text-muted">{t('blockedUsers.empty')}</p>;
  return (
    <ul aria-label={t('blockedUsers.label')} className="flex flex-col gap-2">
      {blocks.data.map(({ user, createdAt }) => (
        <li key={user._id} className="flex items-center gap-3 rounded-xl border border-line bg-panel p-3">
          <Img src={user.avatar} fallback="avatar" alt="" className="h-9 w-9 shrink-0 rounded-full object-cover" />
          <Link to={`/channel/${encodeURIComponent(user._id)}`} className="flex min-w-0 flex-1 flex-col hover:underline">
            <span className="truncate text-sm font-semibold">{user.fullname}</span>
            <span className="truncate text-xs text-muted">
              {t('blockedUsers.line', { username: user.username, date: formatDate(createdAt) })}
            </span>
          </Link>
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('blockedUsers.unblockUser', { username: user.username })}
            aria-disabled={setBlocked.isPending}
            onClick={() =>
              !setBlocked.isPending && setBlocked.mutate({ userId: user._id, username: user.username, blocked: false })
            }
          >
            {t('blockedUsers.unblock')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
