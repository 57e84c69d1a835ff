import { afterAll } from 'vitest';

export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
}

/**
 * An open Server-Sent Events stream at `url`, read as a browser's EventSource reads it: its parsed
 * events and comment lines as they arrive, and a bounded wait for either. Closed after the file.
 */
export async function readEventStream(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  if (res.ok) {
    void (async () => {
      let buffer = '';
      try {
        for await (const chunk of res.body!.pipeThrough(new TextDecoderStream())) {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const event: SseEvent = {};
            for (const line of buffer.slice(0, end).split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              const [, field, value] = /^(id|event|data): (.*)$/.exec(line) ?? [];
              if (field) event[field as keyof SseEvent] = value;
            }
            if (event.event) events.push(event);
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        // aborted by the test
      }
      ended = true;
    })();
  }
  afterAll(() => abort.abort());
  return {
    res,
    events,
    comments,
    ended: () => ended,
    close: () => abort.abort(),
    async until(check: () => boolean, what: string, ms = 5000) {
      for (const started = Date.now(); !check();) {
        if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
  };
}
