/** The first wait before reconnecting by hand after the server refused a stream; doubles up to the maximum. */
export const RETRY_FIRST_MS = 2000;
export const RETRY_MAX_MS = 60_000;

/** What this uses of an EventSource. */
export type EventSourceLike = {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
};

export type EventStreamOptions = {
  /** The stream's path; `?lastEventId=` is added when reconnecting by hand. */
  url: string;
  /** A handler per event name, given the event's data. */
  on: Record<string, (data: string) => void>;
  /**
   * The stream is open, first or again after it was down: what it cannot replay is re-read. On the
   * first open that is what the page read before it (the server-rendered or fetched list, a count),
   * as an event written between that read and the open comes on neither.
   */
  onConnected: () => void;
  /** For tests: how a connection is made (the browser's EventSource otherwise). */
  connect?: (url: string) => EventSourceLike;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

/**
 * One live Server-Sent Events connection (the notification stream, a video's live chat). While the
 * connection merely drops, EventSource reconnects by itself and sends `Last-Event-ID`. When the
 * server refuses it (an error status: restarting, too many streams, or an older server without
 * the route), EventSource gives up; this then reconnects by hand after a growing wait, naming the
 * last id seen in `?lastEventId=` (a new EventSource cannot set the header), so nothing in between
 * is lost. Returns the close.
 */
export function openEventStream({
  url,
  on,
  onConnected,
  connect = (to) => new EventSource(to, { withCredentials: true }),
  setTimer = (run, ms) => setTimeout(run, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: EventStreamOptions): () => void {
  let lastId: string | null = null;
  let source: EventSourceLike | null = null;
  let timer: unknown = null;
  let wait = RETRY_FIRST_MS;
  let everOpened = false;
  let down = false;

  const open = () => {
    timer = null;
    const join = url.includes('?') ? '&' : '?';
    const current = connect(lastId ? `${url}${join}lastEventId=${encodeURIComponent(lastId)}` : url);
    source = current;
    current.addEventListener('open', () => {
      wait = RETRY_FIRST_MS;
      if (!everOpened || down) onConnected();
      everOpened = true;
      down = false;
    });
    for (const [name, handle] of Object.entries(on)) {
      current.addEventListener(name, (event) => {
        const message = event as MessageEvent;
        if (message.lastEventId) lastId = message.lastEventId;
        handle(String(message.data));
      });
    }
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
