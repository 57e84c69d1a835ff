import type { InfiniteData } from '@tanstack/react-query';
import type { NotificationItem, NotificationsPage } from '@streamhub/contract';

export type NotificationPages = InfiniteData<NotificationsPage, number>;

/**
 * The loaded items, newest first, each once: an item the stream put on page 1 pushes the oldest
 * one of that page onto the next page the server sends, which then brings it again.
 */
export function flattenNotifications(data: { pages: NotificationsPage[] } | undefined): NotificationItem[] {
  const seen = new Set<string>();
  const items: NotificationItem[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      items.push(item);
    }
  }
  return items;
}

/** Whether a loaded page holds the item already (the stream may bring one a page load brought). */
export function hasNotification(data: NotificationPages | undefined, id: string): boolean {
  return data?.pages.some((page) => page.items.some((item) => item._id === id)) ?? false;
}

/** A live item on top of the first loaded page (unchanged when it is there already). */
export function withNewNotification(data: NotificationPages, item: NotificationItem): NotificationPages {
  const [first, ...rest] = data.pages;
  if (!first || hasNotification(data, item._id)) return data;
  const unread = first.unread + (item.read ? 0 : 1);
  return { ...data, pages: [{ items: [item, ...first.items], unread }, ...rest] };
}

/** The loaded pages with these items (all when `ids` is absent) read, and the server's unread count. */
export function withRead(data: NotificationPages, ids: readonly string[] | undefined, unread: number): NotificationPages {
  const marked = ids ? new Set(ids) : null;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      unread,
      items: page.items.map((item) => (item.read || (marked && !marked.has(item._id)) ? item : { ...item, read: true })),
    })),
  };
}
