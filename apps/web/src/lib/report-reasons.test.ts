import { describe, expect, it } from 'vitest';
import { REPORT_REASONS, reasonLabel, reportBody, reportStateLabel } from './report-reasons';

describe('report reasons', () => {
  it('offers exactly the eight reasons of API.md §12, each with a label', () => {
    expect(REPORT_REASONS.map((r) => r.value)).toEqual([
      'violent',
      'hateful',
      'spam',
      'privacy',
      'rights',
      'rules',
      'thumbnail',
      'captions',
    ]);
    expect(new Set(REPORT_REASONS.map((r) => r.label)).size).toBe(8);
  });

  it('labels reasons and states, and shows an unknown key as it came', () => {
    expect(reasonLabel('spam')).toBe('Spam or misleading');
    expect(reasonLabel('later')).toBe('later');
    expect(reportStateLabel('actioned')).toBe('Action taken');
    expect(reportStateLabel('open')).toBe('Open');
  });

  it('leaves a blank note out of the body and trims a written one', () => {
    expect(reportBody('video', 'v1', 'spam', '   ')).toEqual({ targetType: 'video', targetId: 'v1', reason: 'spam' });
    expect(reportBody('comment', 'c1', 'hateful', ' rude ')).toEqual({
      targetType: 'comment',
      targetId: 'c1',
      reason: 'hateful',
      text: 'rude',
    });
  });
});
