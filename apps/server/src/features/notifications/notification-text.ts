import { toAmount } from '@streamhub/contract';
import type { NotificationDetails, NotificationKind } from '../../db/schema.ts';

/** What a notification's sentence is made of: its type, who acted, what it is about. */
export interface TextParts {
  type: NotificationKind;
  actor: string | null;
  videoTitle: string | null;
  /** The comment's video or post: a comment under a post has no video. */
  onPost: boolean;
  details: NotificationDetails;
}

const quoted = (title: string) => `“${title}”`;
const dollars = (minor: number) => `$${toAmount(minor).toFixed(2)}`;
const SOMEONE = 'Someone';

/** "Your video “X”", "Your comment", … : the recipient's content a moderation notice is about. */
function yourContent(targetType: string | undefined, title: string | null): string {
  if (targetType === 'video') return title ? `Your video ${quoted(title)}` : 'Your video';
  if (targetType === 'playlist') return title ? `Your playlist ${quoted(title)}` : 'Your playlist';
  if (targetType === 'channel') return 'Your channel';
  return `Your ${targetType ?? 'content'}`;
}

/** What a report was about, as its reporter reads it. */
function reportedThing(targetType: string | undefined, title: string | undefined): string {
  if (title) return quoted(title);
  if (targetType === 'channel') return 'a channel';
  return `a ${targetType ?? 'item'}`;
}

/**
 * The ready-to-show English sentence of a notification (docs/notifications.md lists them), made
 * when it is read, so a renamed video reads with its new title.
 */
export function notificationText(p: TextParts): string {
  const actor = p.actor ?? SOMEONE;
  const title = p.videoTitle ?? p.details.title ?? null;
  switch (p.type) {
    case 'video.published':
      return `${actor} published ${quoted(title ?? 'a video')}`;
    case 'comment.created':
      return p.onPost ? `${actor} commented on your post` : `${actor} commented on ${quoted(title ?? 'your video')}`;
    case 'comment.reply':
      return `${actor} replied to your comment`;
    case 'purchase.sold':
      return `${actor} bought ${quoted(title ?? 'your content')} for ${dollars(p.details.amountMinor ?? 0)}`;
    case 'video.ready':
      return `Your video ${quoted(title ?? '')} is ready`;
    case 'video.failed':
      return `Your video ${quoted(title ?? '')} could not be processed`;
    case 'moderation.takedown': {
      const what = yourContent(p.details.targetType, title);
      const verb = p.details.targetType === 'channel' ? 'was suspended' : 'was taken down';
      return p.details.reason ? `${what} ${verb}: ${p.details.reason}` : `${what} ${verb}`;
    }
    case 'moderation.restored':
      return `${yourContent(p.details.targetType, title)} was restored`;
    case 'report.resolved':
      return `Your report on ${reportedThing(p.details.targetType, p.details.title)} was resolved`;
    case 'report.created':
      return `New report to review: ${reportedThing(p.details.targetType, p.details.title)} (${p.details.reason ?? 'no reason'})`;
    case 'live.started':
      return title ? `${actor} is live now: ${quoted(title)}` : `${actor} is live now`;
    case 'export.ready':
      return 'Your data export is ready to download';
  }
}
