import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '@streamhub/contract';
import { openNotificationStream, RETRY_FIRST_MS, STREAM_URL } from './notification-stream';

/** A stand-in for the browser's EventSource: the test plays the server's side. */
class FakeSource {
  readyState = 0;
  closed = false;
  private listeners = new Map<string, Array<(event: Event) => void>>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, event: Event) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  open() {
    this.readyState = 1;
    this.emit('open', new Event('open'));
  }
  send(item: Partial<NotificationItem>, id = item._id ?? '') {
    this.emit('notification', new MessageEvent('notification', { data: JSON.stringify(item), lastEventId: id }));
  }
  /** The connection dropped (`reconnecting`: EventSource tries again itself) or was refused (it gave up). */
  fail(reconnecting: boolean) {
    this.readyState = reconnecting ? 0 : 2;
    this.emit('error', new Event('error'));
  }
}

function harness() {
  const sources: FakeSource[] = [];
  const items: string[] = [];
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  let connected = 0;
  const close = openNotificationStream({
    onItem: (item) => items.push(item._id),
    onConnected: () => (connected += 1),
    connect: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => ((timer as { cleared: boolean }).cleared = true),
  });
  return { sources, items, timers, close, connected: () => connected };
}

describe('openNotificationStream', () => {
  it('hands over each notification and skips what it cannot read', () => {
    const h = harness();
    const source = h.sources[0]!;
    expect(source.url).toBe(STREAM_URL);
    source.open();
    source.send({ _id: '7', text: 'Cara published “River”' });
    source.emit('notification', new MessageEvent('notification', { data: 'not json' }));
    source.send({ _id: '8' });
    expect(h.items).toEqual(['7']);
  });

  it('re-reads what came before the first open, leaves a dropped connection to EventSource, and re-reads once it is back', () => {
    const h = harness();
    expect(h.connected()).toBe(0);
    h.sources[0]!.open();
    expect(h.connected()).toBe(1);
    h.sources[0]!.fail(true);
    expect(h.timers).toHaveLength(0);
    h.sources[0]!.open();
    expect(h.connected()).toBe(2);
    expect(h.sources).toHaveLength(1);
  });

  it('reconnects by hand after a refusal, from the last id seen, waiting longer each time', () => {
    const h = harness();
    h.sources[0]!.open();
    h.sources[0]!.send({ _id: '41', text: 'x' });
    h.sources[0]!.fail(false);
    expect(h.sources[0]!.closed).toBe(true);
    expect(h.timers.map((t) => t.ms)).toEqual([RETRY_FIRST_MS]);
    h.timers[0]!.run();
    expect(h.sources[1]!.url).toBe(`${STREAM_URL}?lastEventId=41`);
    h.sources[1]!.fail(false);
    expect(h.timers.map((t) => t.ms)).toEqual([RETRY_FIRST_MS, RETRY_FIRST_MS * 2]);
    h.timers[1]!.run();
    h.sources[2]!.open();
    expect(h.connected()).toBe(2);
  });

  it('closes the connection and any pending retry', () => {
    const h = harness();
    h.sources[0]!.fail(false);
    h.close();
    expect(h.timers[0]!.cleared).toBe(true);
    const again = harness();
    again.close();
    expect(again.sources[0]!.closed).toBe(true);
  });
});
