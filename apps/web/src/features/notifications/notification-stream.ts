import type { NotificationItem } from '@streamhub/contract';
import { openEventStream, type EventStreamOptions } from '@/lib/event-stream';

export { RETRY_FIRST_MS, RETRY_MAX_MS } from '@/lib/event-stream';
export const STREAM_URL = '/api/notifications/stream';

export type StreamOptions = Omit<EventStreamOptions, 'url' | 'on'> & { onItem: (item: NotificationItem) => void };

function readItem(data: string): NotificationItem | null {
  try {
    const item = JSON.parse(data) as Partial<NotificationItem> | null;
    return item && typeof item._id === 'string' && typeof item.text === 'string' ? (item as NotificationItem) : null;
  } catch {
    return null;
  }
}

/**
 * One live connection to GET /api/notifications/stream (API.md §13), reconnecting as
 * lib/event-stream.ts does; what it cannot replay (the unread count) is re-read once it is back.
 * Returns the close.
 */
export function openNotificationStream({ onItem, ...options }: StreamOptions): () => void {
  return openEventStream({
    ...options,
    url: STREAM_URL,
    on: {
      notification: (data) => {
        const item = readItem(data);
        if (item) onItem(item);
      },
    },
  });
}
