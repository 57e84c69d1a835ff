import type { TFunction } from 'i18next';
import { MIN_VIDEO_PRICE, type Visibility } from '@streamhub/contract';
import { scheduleError, scheduleIso } from './schedule';
import { exclusivePrice } from '@/lib/exclusive-price';
import { formatDurationWords } from '@/lib/formatters';

/** SPEC §2 /video/new: what the upload form edits. */
export type UploadForm = {
  title: string;
  description: string;
  isExclusive: boolean;
  /** The raw number field; default '5' (SPEC §9). */
  price: string;
  videoFile: File | null;
  thumbnail: File | null;
  /** "Schedule": a datetime-local value, '' to publish as soon as it plays (schedule.ts). */
  publishAt: string;
  /** Public (the default), Unlisted or Private (API.md §18). */
  visibility: Visibility;
  /** Only the channel's active members may watch it (API.md §20). */
  membersOnly: boolean;
};

export const DEFAULT_VIDEO_PRICE = String(MIN_VIDEO_PRICE);

export const emptyUploadForm = (): UploadForm => ({
  title: '',
  description: '',
  isExclusive: false,
  price: DEFAULT_VIDEO_PRICE,
  videoFile: null,
  thumbnail: null,
  publishAt: '',
  visibility: 'public',
  membersOnly: false,
});

/** accept="video/*" and "image/*" are only hints to the picker; check the chosen files too. */
export const isVideoFile = (file: File) => file.type.startsWith('video/');
export const isImageFile = (file: File) => file.type.startsWith('image/');

/** SPEC §5: title, description, a video file and an image thumbnail are required. First problem (in the page's language), or null. */
export function uploadFormError(form: UploadForm, t: TFunction): string | null {
  if (!form.title.trim()) return t('videoForm.titleRequired');
  if (!form.description.trim()) return t('videoForm.descriptionRequired');
  if (!form.videoFile) return t('videoForm.chooseVideo');
  if (!isVideoFile(form.videoFile)) return t('videoForm.notVideo');
  if (!form.thumbnail) return t('videoForm.chooseThumbnail');
  if (!isImageFile(form.thumbnail)) return t('videoForm.notImage');
  return scheduleError(form.publishAt, t);
}

/**
 * SPEC §5: isExclusive only when on; price only when exclusive and at least 5. With `uploadId`
 * (a finished resumable upload of the video) the file itself is not sent again.
 */
export function uploadFormData(form: UploadForm, uploadId?: string): FormData {
  const data = new FormData();
  data.append('title', form.title.trim());
  data.append('description', form.description.trim());
  if (form.isExclusive) {
    data.append('isExclusive', 'true');
    const price = exclusivePrice(true, form.price);
    if (price !== undefined) data.append('price', String(price));
  }
  // Members only (API.md §20): sent only when on, as isExclusive.
  if (form.membersOnly) data.append('membersOnly', 'true');
  const publishAt = scheduleIso(form.publishAt);
  if (publishAt) data.append('publishAt', publishAt);
  data.append('visibility', form.visibility);
  if (form.thumbnail) data.append('thumbnail', form.thumbnail);
  if (uploadId) data.append('uploadId', uploadId);
  else if (form.videoFile) data.append('videoFile', form.videoFile);
  return data;
}

/** `resumedFrom`: bytes an earlier attempt had sent (a resumed upload); the rate counts the rest. */
export type UploadProgress = { loaded: number; total: number; startedAt: number; resumedFrom?: number };

/** Whole percent sent, 0..100. */
export function uploadPercent(p: UploadProgress): number {
  if (p.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((p.loaded / p.total) * 100)));
}

/** Seconds left at the average rate so far, or null while unknown. */
export function secondsLeft(p: UploadProgress, now: number): number | null {
  const elapsed = (now - p.startedAt) / 1000;
  const sent = p.loaded - (p.resumedFrom ?? 0);
  if (sent <= 0 || p.total <= 0 || elapsed <= 0) return null;
  const rate = sent / elapsed;
  return Math.max(0, Math.ceil((p.total - p.loaded) / rate));
}

/** 'About 5 s left', 'About 2 min 5 s left', 'Finishing…' (the time through formatDurationWords, in the page's language). */
export function formatTimeLeft(seconds: number | null, t: TFunction): string {
  if (seconds === null) return t('uploadProgress.estimating');
  if (seconds <= 0) return t('uploadProgress.finishing');
  return t('uploadProgress.left', { time: formatDurationWords(seconds) });
}

/** The text fields of an upload in progress, kept so a reload can resume it with the same details. */
export type UploadDraft = Pick<
  UploadForm,
  'title' | 'description' | 'isExclusive' | 'price' | 'publishAt' | 'visibility' | 'membersOnly'
>;
const DRAFT_KEY = 'streamhub.upload-draft';

export function saveUploadDraft(form: UploadForm) {
  const draft: UploadDraft = {
    title: form.title,
    description: form.description,
    isExclusive: form.isExclusive,
    price: form.price,
    // A resumed upload keeps its schedule: without it the video would be public as soon as it plays.
    publishAt: form.publishAt,
    visibility: form.visibility,
    // And stays for members only: it must not become everyone's because the page was reloaded.
    membersOnly: form.membersOnly,
  };
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // storage full or disabled: the upload still resumes, the fields are typed again
  }
}

export function loadUploadDraft(): UploadDraft | null {
  try {
    const draft = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<UploadDraft> | null;
    if (!draft || typeof draft !== 'object') return null;
    return {
      title: String(draft.title ?? ''),
      description: String(draft.description ?? ''),
      isExclusive: draft.isExclusive === true,
      price: String(draft.price ?? DEFAULT_VIDEO_PRICE),
      publishAt: String(draft.publishAt ?? ''),
      visibility: draft.visibility === 'unlisted' || draft.visibility === 'private' ? draft.visibility : 'public',
      membersOnly: draft.membersOnly === true,
    };
  } catch {
    return null;
  }
}

export function clearUploadDraft() {
  try {
    localStorage.removeItem(DRAFT_KEY);
  } catch {
    // nothing kept
  }
}
