import type { NotificationItem } from '@streamhub/contract';

export const STREAM_URL = '/api/notifications/stream';
/** The first wait before reconnecting by hand after the server refused the stream; doubles up to the maximum. */
export const RETRY_FIRST_MS = 2000;
export const RETRY_MAX_MS = 60_000;

/** What this uses of an EventSource. */
type Source = {
  readonly readyState: number;
  addEventListener(type: 'open' | 'error' | 'notification', listener: (event: Event) => void): void;
  close(): void;
};

export type StreamOptions = {
  onItem: (item: NotificationItem) => void;
  /**
   * The stream is open, first or again after it was down: what it cannot replay is re-read. The
   * unread count always; on the first open also what the page read before it (the server-rendered
   * or fetched list), as a notification written between that read and the open comes on neither.
   */
  onConnected: () => void;
  /** For tests: how a connection is made (the browser's EventSource otherwise). */
  connect?: (url: string) => Source;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

function readItem(data: unknown): NotificationItem | null {
  try {
    const item = JSON.parse(String(data)) as Partial<NotificationItem> | null;
    return item && typeof item._id === 'string' && typeof item.text === 'string' ? (item as NotificationItem) : null;
  } catch {
    return null;
  }
}

/**
 * One live connection to GET /api/notifications/stream (API.md §13). While the connection merely
 * drops, EventSource reconnects by itself and sends `Last-Event-ID`. When the server refuses it
 * (an error status: restarting, or an older server without the route), EventSource gives up; this
 * then reconnects by hand after a growing wait, naming the last id seen in `?lastEventId=` (a new
 * EventSource cannot set the header), so nothing in between is lost. Returns the close.
 */
export function openNotificationStream({
  onItem,
  onConnected,
  connect = (url) => new EventSource(url, { withCredentials: true }),
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: StreamOptions): () => void {
  let lastId: string | null = null;
  let source: Source | null = null;
  let timer: unknown = null;
  let wait = RETRY_FIRST_MS;
  let everOpened = false;
  let down = false;

  const open = () => {
    timer = null;
    const current = connect(lastId ? `${STREAM_URL}?lastEventId=${encodeURIComponent(lastId)}` : STREAM_URL);
    source = current;
    current.addEventListener('open', () => {
      wait = RETRY_FIRST_MS;
      if (!everOpened || down) onConnected();
      everOpened = true;
      down = false;
    });
    current.addEventListener('notification', (event) => {
      const message = event as MessageEvent;
      if (message.lastEventId) lastId = message.lastEventId;
      const item = readItem(message.data);
      if (item) onItem(item);
    });
    current.addEventListener('error', () => {
      down = true;
      // CONNECTING: EventSource is reconnecting by itself. CLOSED: it gave up; try again later.
      if (current.readyState !== 2 || source !== current) return;
      current.close();
      timer = setTimer(open, wait);
      wait = Math.min(wait * 2, RETRY_MAX_MS);
    });
  };

  open();
  return () => {
    if (timer !== null) clearTimer(timer);
    source?.close();
    source = null;
  };
}
