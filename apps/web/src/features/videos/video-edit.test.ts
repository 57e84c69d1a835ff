import { describe, expect, it } from 'vitest';
import { hasVideoEditChanges, videoEditChanges } from './video-edit';
import { channelVideosTitle, hasProcessingVideos, isQuotaFull } from './channel-videos';

const original = { title: 'Old', description: 'Desc' };

describe('video edit (SPEC §5)', () => {
  it('sends nothing when nothing changed', () => {
    const changes = videoEditChanges({ ...original, thumbnail: null }, original);
    expect(hasVideoEditChanges(changes)).toBe(false);
  });

  it('sends only the changed fields and a chosen thumbnail', () => {
    const thumbnail = new File(['i'], 't.png', { type: 'image/png' });
    expect(videoEditChanges({ title: 'New', description: 'Desc', thumbnail: null }, original)).toEqual({ title: 'New' });
    expect(videoEditChanges({ title: 'Old', description: 'Desc', thumbnail }, original)).toEqual({ thumbnail });
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
