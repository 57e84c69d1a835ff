import { Link } from 'react-router';
import type { NotificationItem } from '@streamhub/contract';
import { useMarkRead } from '../api/mark-read';
import { notificationHref } from '../notification-rules';
import { NotificationSummary } from './notification-summary';

type NotificationEntryProps = {
  item: NotificationItem;
  className: string;
  /** Runs as the entry is chosen, before the link's navigation (the popover closes). */
  onChosen?: () => void;
};

/**
 * One item as the bell's popover and the page show it: a link to what it is about (a button when
 * it names nothing to open). Choosing it marks it read.
 */
export function NotificationEntry({ item, className, onChosen }: NotificationEntryProps) {
  const markRead = useMarkRead();
  const href = notificationHref(item);
  const classes = `flex w-full items-start gap-3 text-start transition-colors hover:bg-hover focus-visible:outline-2 focus-visible:outline-sky-400 ${className}`;
  const choose = () => {
    if (!item.read) markRead.mutate({ ids: [item._id] });
    onChosen?.();
  };
  return href ? (
    <Link to={href} className={classes} onClick={choose}>
      <NotificationSummary item={item} />
    </Link>
  ) : (
    <button type="button" className={classes} onClick={choose}>
      <NotificationSummary item={item} />
    </button>
  );
}
