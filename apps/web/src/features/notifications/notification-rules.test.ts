import { describe, expect, it } from 'vitest';
import type { NotificationItem } from '@streamhub/contract';
import { badgeText, bellLabel, notificationHref, NOTIFICATION_TYPES } from './notification-rules';

const item = (patch: Partial<NotificationItem>): NotificationItem => ({
  _id: '1',
  type: 'video.published',
  read: false,
  createdAt: '2026-11-25T10:00:00.000Z',
  text: 'Cara published “River”',
  ...patch,
});
const video = { _id: 'v 1', title: 'River', thumbnail: '' };

describe('the bell', () => {
  it('shows the count up to nine, then 9+, and nothing at zero', () => {
    expect([0, 1, 9, 10, 250].map(badgeText)).toEqual(['', '1', '9', '9+', '9+']);
  });
  it('names the count in full for screen readers', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(12)).toBe('Notifications, 12 unread');
  });
});

describe('notificationHref', () => {
  it('opens a published or ready video, or a video commented on, on its watch page', () => {
    expect(notificationHref(item({ video }))).toBe('/video/watch/v%201');
    expect(notificationHref(item({ type: 'video.ready', video }))).toBe('/video/watch/v%201');
    expect(notificationHref(item({ type: 'comment.created', video, comment: { _id: 'c1', content: 'Hi' } }))).toBe(
      '/video/watch/v%201',
    );
    expect(notificationHref(item({ type: 'purchase.sold', video }))).toBe('/video/watch/v%201');
  });
  it('opens the post of a post or of a comment under one', () => {
    expect(notificationHref(item({ type: 'comment.reply', post: { _id: 'p1' }, comment: { _id: 'c1', content: 'x' } }))).toBe(
      '/post/p/p1',
    );
    expect(notificationHref(item({ type: 'moderation.restored', post: { _id: 'p1' } }))).toBe('/post/p/p1');
  });
  it('sends what cannot be watched to /videos, a sale of no video to the channel, a resolved report to /reports', () => {
    expect(notificationHref(item({ type: 'video.failed', video }))).toBe('/videos');
    expect(notificationHref(item({ type: 'moderation.takedown', video }))).toBe('/videos');
    expect(notificationHref(item({ type: 'moderation.takedown', video, comment: { _id: 'c1', content: 'x' } }))).toBe(
      '/video/watch/v%201',
    );
    expect(notificationHref(item({ type: 'purchase.sold' }))).toBe('/channel');
    expect(notificationHref(item({ type: 'report.resolved', video }))).toBe('/reports');
    expect(notificationHref(item({ type: 'report.created' }))).toBe('/admin/reports');
    expect(notificationHref(item({ type: 'live.started', video }))).toBe('/video/watch/v%201');
  });
  it('has no target when the item names nothing', () => {
    expect(notificationHref(item({ type: 'moderation.takedown' }))).toBeNull();
  });
});

describe('settings', () => {
  it('lists every type once, in the order of API.md §13', () => {
    expect(NOTIFICATION_TYPES).toEqual([
      'video.published',
      'comment.created',
      'comment.reply',
      'purchase.sold',
      'video.ready',
      'video.failed',
      'moderation.takedown',
      'moderation.restored',
      'report.resolved',
      'report.created',
      'live.started',
      'export.ready',
    ]);
  });
});
