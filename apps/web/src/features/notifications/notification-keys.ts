/** Query keys of the notifications feature (API.md §13); only its own calls and its live stream use them. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** GET /api/notifications?page (an infinite query: its pages, newest first) */
  list: () => [...notificationKeys.all, 'list'] as const,
  /** GET /api/notifications/unread (also set from the list's and mark-read's answers) */
  unread: () => [...notificationKeys.all, 'unread'] as const,
  /** GET /api/notifications/settings */
  settings: () => [...notificationKeys.all, 'settings'] as const,
};
