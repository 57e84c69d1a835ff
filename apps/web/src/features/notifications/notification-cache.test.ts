import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '@streamhub/contract';
import {
  flattenNotifications,
  hasNotification,
  withNewNotification,
  withRead,
  type NotificationPages,
} from './notification-cache';

const item = (id: string, read = false): NotificationItem => ({
  _id: id,
  type: 'comment.created',
  read,
  createdAt: '2026-11-25T10:00:00.000Z',
  text: `item ${id}`,
});
const pages = (...lists: NotificationItem[][]): NotificationPages => ({
  pages: lists.map((items) => ({ items, unread: 2 })),
  pageParams: lists.map((_, index) => index + 1),
});
const ids = (data: NotificationPages) => data.pages.map((page) => page.items.map((i) => i._id));

describe('a live item', () => {
  it('goes on top of the first page and counts as unread there', () => {
    const next = withNewNotification(pages([item('5'), item('4')], [item('3')]), item('6'));
    expect(ids(next)).toEqual([['6', '5', '4'], ['3']]);
    expect(next.pages[0]?.unread).toBe(3);
  });
  it('is not added twice', () => {
    const data = pages([item('5')], [item('4')]);
    expect(withNewNotification(data, item('4'))).toBe(data);
    expect(hasNotification(data, '4')).toBe(true);
    expect(hasNotification(undefined, '4')).toBe(false);
  });
  it('shows once when the next page brings again what it pushed down', () => {
    const data = pages([item('6'), item('5')], [item('5'), item('4')]);
    expect(flattenNotifications(data).map((i) => i._id)).toEqual(['6', '5', '4']);
  });
});

describe('withRead', () => {
  it('marks the named items read and takes the server count', () => {
    const next = withRead(pages([item('5'), item('4')], [item('3')]), ['4', '3'], 1);
    expect(next.pages.map((page) => page.items.map((i) => i.read))).toEqual([[false, true], [true]]);
    expect(next.pages.map((page) => page.unread)).toEqual([1, 1]);
  });
  it('marks everything read without ids', () => {
    const next = withRead(pages([item('5'), item('4', true)]), undefined, 0);
    expect(next.pages[0]?.items.every((i) => i.read)).toBe(true);
  });
});
