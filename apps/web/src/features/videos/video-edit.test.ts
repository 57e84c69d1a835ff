import { describe, expect, it } from 'vitest';
import { hasVideoEditChanges, videoEditChanges, videoEditFormData } from './video-edit';
import { scheduleInputValue } from './schedule';
import { channelVideosTitle, hasProcessingVideos, isQuotaFull } from './channel-videos';

const original = { title: 'Old', description: 'Desc' };

describe('video edit (SPEC §5)', () => {
  it('sends nothing when nothing changed', () => {
    const changes = videoEditChanges({ ...original, thumbnail: null, publishAt: '' }, original);
    expect(hasVideoEditChanges(changes)).toBe(false);
  });

  it('sends a changed visibility only', () => {
    const owned = { ...original, visibility: 'public' as const };
    const same = videoEditChanges({ ...original, thumbnail: null, publishAt: '', visibility: 'public' }, owned);
    expect(hasVideoEditChanges(same)).toBe(false);
    const changes = videoEditChanges({ ...original, thumbnail: null, publishAt: '', visibility: 'private' }, owned);
    expect(changes).toEqual({ visibility: 'private' });
    expect(videoEditFormData(changes).get('visibility')).toBe('private');
  });

  it('sends membersOnly only when switched, on or off', () => {
    const owned = { ...original, membersOnly: false };
    expect(
      hasVideoEditChanges(videoEditChanges({ ...original, thumbnail: null, publishAt: '', membersOnly: false }, owned)),
    ).toBe(false);
    const on = videoEditChanges({ ...original, thumbnail: null, publishAt: '', membersOnly: true }, owned);
    expect(on).toEqual({ membersOnly: true });
    expect(videoEditFormData(on).get('membersOnly')).toBe('true');
    const off = videoEditChanges(
      { ...original, thumbnail: null, publishAt: '', membersOnly: false },
      { ...original, membersOnly: true },
    );
    expect(videoEditFormData(off).get('membersOnly')).toBe('false');
  });

  it('sends only the changed fields and a chosen thumbnail', () => {
    const thumbnail = new File(['i'], 't.png', { type: 'image/png' });
    expect(videoEditChanges({ title: 'New', description: 'Desc', thumbnail: null, publishAt: '' }, original)).toEqual({
      title: 'New',
    });
    expect(videoEditChanges({ title: 'Old', description: 'Desc', thumbnail, publishAt: '' }, original)).toEqual({ thumbnail });
  });

  it('sends a picked candidate frame by its index, unless an image was uploaded too', () => {
    const picked = videoEditChanges({ ...original, thumbnail: null, publishAt: '', thumbnailCandidate: 1 }, original);
    expect(picked).toEqual({ thumbnailCandidate: 1 });
    expect(videoEditFormData(picked).get('thumbnailCandidate')).toBe('1');
    const thumbnail = new File(['i'], 't.png', { type: 'image/png' });
    expect(videoEditChanges({ ...original, thumbnail, publishAt: '', thumbnailCandidate: 2 }, original)).toEqual({ thumbnail });
  });

  it('sends a scheduled video’s new time, or an empty one to publish it now', () => {
    const scheduled = { ...original, publishAt: '2031-03-04T05:06:00.000Z' };
    const form = { ...original, thumbnail: null, publishAt: scheduleInputValue(scheduled.publishAt) };
    expect(hasVideoEditChanges(videoEditChanges(form, scheduled))).toBe(false);
    const later = videoEditChanges({ ...form, publishAt: '2031-03-05T05:06' }, scheduled);
    expect(later).toEqual({ publishAt: new Date(2031, 2, 5, 5, 6).toISOString() });
    const now = videoEditChanges({ ...form, publishAt: '' }, scheduled);
    expect(now).toEqual({ publishAt: null });
    expect(videoEditFormData(now).get('publishAt')).toBe('');
  });
});

describe('channel videos (SPEC §2, §6)', () => {
  it('knows the owner and the title', () => {
    expect(channelVideosTitle(true, 'Ann')).toBe('Your Videos');
    expect(channelVideosTitle(false, 'Ann')).toBe("Ann's Videos");
  });

  it('detects a full quota and processing videos', () => {
    expect(isQuotaFull({ uploaded: 5, uploadLimit: 5 })).toBe(true);
    expect(isQuotaFull({ uploaded: 2, uploadLimit: 5 })).toBe(false);
    expect(hasProcessingVideos([{ status: 'ready' }, { status: 'processing' }])).toBe(true);
    expect(hasProcessingVideos([{ status: 'failed' }])).toBe(false);
  });
});
