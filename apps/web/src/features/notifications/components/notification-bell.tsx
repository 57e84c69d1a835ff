import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BellIcon } from '@/components/ui/icons';
import { menuItemClasses } from '@/components/ui/more-menu';
import { useNotifications } from '../api/get-notifications';
import { useUnread } from '../api/get-unread';
import { useMarkRead } from '../api/mark-read';
import { flattenNotifications } from '../notification-cache';
import { badgeText, bellLabel, notificationHref } from '../notification-rules';
import { NotificationSummary } from './notification-summary';

/** How many of the latest items the bell's menu shows; 'See all' opens the rest. */
export const BELL_ITEMS = 5;

/**
 * The top bar's bell (signed-in only): the unread count as a badge, and a menu of the latest items
 * (loaded when it opens) with 'See all'. Radix gives arrow keys, Escape and focus back on the bell.
 * Choosing an item marks it read and opens what it is about.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const unread = useUnread().data?.unread ?? 0;
  const list = useNotifications({ enabled: open });
  const markRead = useMarkRead();
  const items = flattenNotifications(list.data).slice(0, BELL_ITEMS);
  const badge = badgeText(unread);

  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={bellLabel(unread)}
          className="relative grid h-10 w-10 shrink-0 place-items-center rounded-full text-xl text-white hover:bg-hover focus-visible:outline-2 focus-visible:outline-sky-400"
        >
          <BellIcon />
          {badge ? (
            <span
              aria-hidden="true"
              data-testid="notification-badge"
              className="absolute top-1 right-0.5 min-w-4.5 rounded-full bg-brand px-1 text-center text-[0.6875rem] leading-4.5 font-semibold text-white"
            >
              {badge}
            </span>
          ) : null}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          aria-label="Notifications"
          className="animate-fade-in z-40 flex w-80 max-w-[calc(100vw-1rem)] flex-col rounded-xl border border-line bg-raised p-1 shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-2 text-sm font-semibold">Notifications</DropdownMenu.Label>
          {list.isPending ? <p className="px-3 py-4 text-sm text-muted">Loading…</p> : null}
          {list.isError ? <p className="px-3 py-4 text-sm text-muted">Notifications could not be loaded.</p> : null}
          {list.isSuccess && items.length === 0 ? <p className="px-3 py-4 text-sm text-muted">No notifications yet</p> : null}
          {items.map((item) => {
            const href = notificationHref(item);
            return (
              <DropdownMenu.Item
                key={item._id}
                className={`${menuItemClasses} items-start gap-3`}
                onSelect={() => {
                  if (!item.read) markRead.mutate({ ids: [item._id] });
                  if (href) void navigate(href);
                }}
              >
                <NotificationSummary item={item} />
              </DropdownMenu.Item>
            );
          })}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item asChild className={`${menuItemClasses} justify-center font-medium`}>
            <Link to="/notifications">See all</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
