import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadError } from '@/components/ui/list-states';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useNotifications } from '../api/get-notifications';
import { useUnread } from '../api/get-unread';
import { useMarkRead } from '../api/mark-read';
import { flattenNotifications } from '../notification-cache';
import { NotificationEntry } from './notification-entry';

/** /notifications: every item, newest first, a page at a time, with Mark all as read (API.md §13). */
export function NotificationsView() {
  const { t } = useTranslation();
  const list = useNotifications();
  const unread = useUnread().data?.unread ?? 0;
  const markRead = useMarkRead();

  if (list.isPending) return <LoadingScreen />;
  if (list.isError) return <LoadError message={t('notificationsView.loadFailed')} onRetry={() => void list.refetch()} />;
  const items = flattenNotifications(list.data);
  if (items.length === 0) return <EmptyState text={t('notifications.empty')} />;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {unread > 0 ? t('notificationsView.unread', { count: unread }) : t('notificationsView.allRead')}
        </p>
        <Button
          variant="secondary"
          size="sm"
          aria-disabled={unread === 0 || markRead.isPending}
          onClick={() => {
            if (unread > 0 && !markRead.isPending) markRead.mutate({});
          }}
        >
          {t('notificationsView.markAll')}
        </Button>
      </div>
      <ul aria-label={t('notificationBell.label')} className="flex flex-col gap-2">
        {items.map((item) => (
          <li key={item._id}>
            <NotificationEntry
              item={item}
              className={`rounded-xl border p-3 ${item.read ? 'border-line bg-panel' : 'border-sky-900 bg-raised'}`}
            />
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            aria-disabled={list.isFetchingNextPage}
            onClick={() => {
              if (!list.isFetchingNextPage) void list.fetchNextPage();
            }}
          >
            {list.isFetchingNextPage ? t('notifications.loading') : t('notificationsView.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
