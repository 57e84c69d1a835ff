import { useTranslation } from '@/i18n/use-translation';
import type { NotificationItem } from '@streamhub/contract';
import { Img } from '@/components/ui/img';
import { formatRelativeTime } from '@/lib/formatters';

/**
 * What the bell's popover and the page show of one item: the actor's avatar, the server's text, the
 * comment's words when it is about one, and how long ago; an unread one is bold with a dot, and screen readers hear 'Unread' first.
 */
export function NotificationSummary({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  return (
    <>
      <Img src={item.actor?.avatar} fallback="avatar" alt="" className="h-10 w-10 shrink-0 rounded-full object-cover" />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={`text-sm break-words ${item.read ? 'text-zinc-300' : 'font-semibold text-fg'}`}>
          {item.read ? null : <span className="sr-only">{t('notificationSummary.unread')}</span>}
          {item.text}
        </span>
        {item.comment?.content ? (
          <span className="line-clamp-2 text-sm break-words text-zinc-300">
            {t('notificationSummary.quote', { content: item.comment.content })}
          </span>
        ) : null}
        <time dateTime={item.createdAt} className="text-xs text-muted">
          {formatRelativeTime(item.createdAt)}
        </time>
      </span>
      {item.read ? null : <span aria-hidden="true" className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-sky-400" />}
    </>
  );
}
