import { REPORT_TEXT_MAX, type ReportReason, type ReportTargetType } from '@streamhub/contract';

/**
 * The predefined reasons of API.md §12 with the words a reporter reads (PeerTube's set), and the
 * states a report goes through. The server sends the keys; these are their labels.
 */
export const REPORT_REASONS: ReadonlyArray<{ value: ReportReason; label: string }> = [
  { value: 'violent', label: 'Violent or repulsive' },
  { value: 'hateful', label: 'Hateful or abusive' },
  { value: 'spam', label: 'Spam or misleading' },
  { value: 'privacy', label: 'Private information' },
  { value: 'rights', label: 'Infringes my rights' },
  { value: 'rules', label: 'Breaks the instance rules' },
  { value: 'thumbnail', label: 'Inappropriate thumbnail' },
  { value: 'captions', label: 'Inappropriate captions' },
];

/** What can be reported, in the words of the dialog's title ('Report video'). */
export const REPORT_TARGET_LABELS: Record<ReportTargetType, string> = {
  video: 'video',
  comment: 'comment',
  post: 'post',
  channel: 'channel',
};

const STATE_LABELS: Record<string, string> = { open: 'Open', rejected: 'Rejected', actioned: 'Action taken' };

/** A reason's label; an unknown key (a newer server) shows as it came. */
export function reasonLabel(reason: string): string {
  return REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

/** A report state's label: open, rejected (no action), actioned (the content was taken down). */
export function reportStateLabel(state: string): string {
  return STATE_LABELS[state] ?? state;
}

/** The longest optional text the server takes. */
export const REPORT_TEXT_MAX_LENGTH = REPORT_TEXT_MAX;

/** The request body of POST /api/reports: a blank note is left out. */
export function reportBody(targetType: ReportTargetType, targetId: string, reason: ReportReason, text: string) {
  const note = text.trim();
  return { targetType, targetId, reason, ...(note ? { text: note } : {}) };
}
