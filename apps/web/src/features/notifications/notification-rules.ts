import type { NotificationItem, NotificationType } from '@streamhub/contract';

/** The bell's badge: the count, '9+' above nine, nothing at zero. */
export function badgeText(unread: number): string {
  if (unread <= 0) return '';
  return unread > 9 ? '9+' : String(unread);
}

/** The bell's accessible name: 'Notifications', or 'Notifications, 3 unread'. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/** The settings' labels, in the order API.md §13 lists the types (the legend reads 'Send me notifications for'). */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  'video.published': 'New videos from channels I subscribe to',
  'comment.created': 'Comments on my videos and posts',
  'comment.reply': 'Replies to my comments',
  'purchase.sold': 'Sales of my videos and playlists',
  'video.ready': 'My uploads that are ready',
  'video.failed': 'My uploads that failed',
  'moderation.takedown': 'My content taken down by staff',
  'moderation.restored': 'My content restored by staff',
  'report.resolved': 'My reports resolved by staff',
  'report.created': 'New reports to review (moderators and admins)',
  'live.started': 'Channels I subscribe to going live',
  'export.ready': 'My data exports that are ready',
};

/** Every type, in that order (from the labels: the contract's enum would bring zod into the page). */
export const NOTIFICATION_TYPES = Object.keys(NOTIFICATION_TYPE_LABELS) as NotificationType[];

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

/**
 * Where an item leads: its post (a comment under a post too), else its video's watch page. A failed
 * upload or a video of mine taken down cannot be watched, so they open /videos (which shows the removal's
 * reason); a sale without a video (a playlist or upload slots) opens the channel with its earnings;
 * a resolved report opens /reports, a new one the moderation queue, a data export /account. Null when the item names nothing to open.
 */
export function notificationHref(item: NotificationItem): string | null {
  if (item.type === 'report.resolved') return '/reports';
  if (item.type === 'report.created') return '/admin/reports';
  // The account page shows the export with its download link.
  if (item.type === 'export.ready') return '/account';
  if (item.post) return `/post/p/${path(item.post._id)}`;
  if (item.video) {
    // My video itself taken down (not a comment of mine under a video).
    if (item.type === 'video.failed' || (item.type === 'moderation.takedown' && !item.comment)) return '/videos';
    return `/video/watch/${path(item.video._id)}`;
  }
  if (item.type === 'purchase.sold') return '/channel';
  return null;
}
