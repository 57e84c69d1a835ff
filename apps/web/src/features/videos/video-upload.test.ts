import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n';
import { en } from '@/i18n/en';
import {
  emptyUploadForm,
  formatTimeLeft,
  secondsLeft,
  uploadFormData,
  uploadFormError,
  uploadPercent,
  type UploadForm,
} from './video-upload';

const t = createI18n('en', en).t;
const video = new File(['v'], 'clip.mp4', { type: 'video/mp4' });
const image = new File(['i'], 'thumb.png', { type: 'image/png' });
const form = (patch: Partial<UploadForm>): UploadForm => ({
  ...emptyUploadForm(),
  title: 'T',
  description: 'D',
  videoFile: video,
  thumbnail: image,
  ...patch,
});

describe('upload form (SPEC §5)', () => {
  it('requires title, description, a video and an image', () => {
    expect(uploadFormError(form({}), t)).toBeNull();
    expect(uploadFormError(form({ title: '  ' }), t)).toBe('Title is required');
    expect(uploadFormError(form({ description: '' }), t)).toBe('Description is required');
    expect(uploadFormError(form({ videoFile: null }), t)).toBe('Choose a video file');
    expect(uploadFormError(form({ videoFile: image }), t)).toBe('File must be a video');
    expect(uploadFormError(form({ thumbnail: video }), t)).toBe('File must be an image');
  });

  it('defaults the price to 5', () => {
    expect(emptyUploadForm().price).toBe('5');
  });

  it('sends membersOnly only when on (API.md §20)', () => {
    expect(uploadFormData(form({})).has('membersOnly')).toBe(false);
    expect(uploadFormData(form({ membersOnly: true })).get('membersOnly')).toBe('true');
  });

  it('sends isExclusive only when on, and price only when at least 5', () => {
    const off = uploadFormData(form({ price: '10' }));
    expect(off.has('isExclusive')).toBe(false);
    expect(off.has('price')).toBe(false);

    const low = uploadFormData(form({ isExclusive: true, price: '4.99' }));
    expect(low.get('isExclusive')).toBe('true');
    expect(low.has('price')).toBe(false);

    const ok = uploadFormData(form({ isExclusive: true, price: '5' }));
    expect(ok.get('price')).toBe('5');
    expect(ok.get('title')).toBe('T');
    expect(ok.get('videoFile')).toBeInstanceOf(File);
    expect(ok.get('thumbnail')).toBeInstanceOf(File);
  });

  it('sends a schedule as publishAt in UTC, none when empty, and refuses one that has passed', () => {
    expect(uploadFormData(form({})).has('publishAt')).toBe(false);
    const later = new Date(Date.now() + 86_400_000);
    const local = `${later.getFullYear()}-${String(later.getMonth() + 1).padStart(2, '0')}-${String(later.getDate()).padStart(2, '0')}T10:30`;
    expect(uploadFormError(form({ publishAt: local }), t)).toBeNull();
    expect(uploadFormData(form({ publishAt: local })).get('publishAt')).toBe(new Date(local).toISOString());
    expect(uploadFormError(form({ publishAt: '2020-01-01T10:00' }), t)).toBe('Choose a time in the future to publish');
  });

  it('sends the chosen visibility, public by default', () => {
    expect(uploadFormData(form({})).get('visibility')).toBe('public');
    expect(uploadFormData(form({ visibility: 'unlisted' })).get('visibility')).toBe('unlisted');
    expect(uploadFormData(form({ visibility: 'private' })).get('visibility')).toBe('private');
  });

  it('names a finished resumable upload instead of sending the file again', () => {
    const data = uploadFormData(form({}), '0190f2c4-0000-7000-8000-000000000000');
    expect(data.get('uploadId')).toBe('0190f2c4-0000-7000-8000-000000000000');
    expect(data.has('videoFile')).toBe(false);
    expect(data.get('thumbnail')).toBeInstanceOf(File);
  });
});

describe('upload progress', () => {
  it('computes percent and time left at the average rate', () => {
    const p = { loaded: 50, total: 100, startedAt: 0 };
    expect(uploadPercent(p)).toBe(50);
    expect(secondsLeft(p, 10_000)).toBe(10);
    expect(secondsLeft({ ...p, loaded: 0 }, 1000)).toBeNull();
    expect(formatTimeLeft(null, t)).toBe('Estimating time left…');
    expect(formatTimeLeft(75, t)).toBe('About 1 min 15 s left');
    expect(formatTimeLeft(45, t)).toBe('About 45 s left');
    expect(formatTimeLeft(0, t)).toBe('Finishing…');
    // Resumed at 40 of 100: 10 more in 5 s is 2 a second, so 25 s for the 50 left (not 50 in 5 s).
    expect(secondsLeft({ loaded: 50, total: 100, startedAt: 0, resumedFrom: 40 }, 5000)).toBe(25);
    expect(secondsLeft({ loaded: 40, total: 100, startedAt: 0, resumedFrom: 40 }, 5000)).toBeNull();
  });
});
