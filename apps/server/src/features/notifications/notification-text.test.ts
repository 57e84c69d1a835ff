import { describe, expect, it } from 'vitest';
import { notificationText, type TextParts } from './notification-text.ts';

// The sentences docs/notifications.md lists, one per type and target.

const parts = (p: Partial<TextParts> & Pick<TextParts, 'type'>): TextParts => ({
  actor: null,
  videoTitle: null,
  onPost: false,
  details: {},
  ...p,
});

describe('notificationText', () => {
  it('names the actor and the video, the sale amount, the reason', () => {
    expect(notificationText(parts({ type: 'video.published', actor: 'alice', videoTitle: 'My trip' }))).toBe(
      'alice published “My trip”',
    );
    expect(notificationText(parts({ type: 'comment.created', actor: 'bob', videoTitle: 'X' }))).toBe('bob commented on “X”');
    expect(notificationText(parts({ type: 'comment.created', actor: 'bob', onPost: true }))).toBe('bob commented on your post');
    expect(notificationText(parts({ type: 'comment.reply', actor: 'bob' }))).toBe('bob replied to your comment');
    expect(notificationText(parts({ type: 'purchase.sold', actor: 'bob', details: { title: 'X', amountMinor: 499 } }))).toBe(
      'bob bought “X” for $4.99',
    );
    expect(notificationText(parts({ type: 'video.ready', videoTitle: 'X' }))).toBe('Your video “X” is ready');
    expect(notificationText(parts({ type: 'video.failed', videoTitle: 'X' }))).toBe('Your video “X” could not be processed');
    expect(
      notificationText(parts({ type: 'moderation.takedown', videoTitle: 'X', details: { targetType: 'video', reason: 'Spam' } })),
    ).toBe('Your video “X” was taken down: Spam');
    expect(notificationText(parts({ type: 'moderation.takedown', details: { targetType: 'post', reason: 'Rude' } }))).toBe(
      'Your post was taken down: Rude',
    );
    expect(notificationText(parts({ type: 'moderation.takedown', details: { targetType: 'channel', reason: 'Spam' } }))).toBe(
      'Your channel was suspended: Spam',
    );
    expect(notificationText(parts({ type: 'moderation.restored', details: { targetType: 'playlist', title: 'Best of' } }))).toBe(
      'Your playlist “Best of” was restored',
    );
    expect(notificationText(parts({ type: 'report.resolved', details: { targetType: 'video', title: 'X' } }))).toBe(
      'Your report on “X” was resolved',
    );
    expect(notificationText(parts({ type: 'report.resolved', details: { targetType: 'comment' } }))).toBe(
      'Your report on a comment was resolved',
    );
  });

  it('says “Someone” without an actor', () => {
    expect(notificationText(parts({ type: 'purchase.sold', details: { title: 'X', amountMinor: 1000 } }))).toBe(
      'Someone bought “X” for $10.00',
    );
  });
});
