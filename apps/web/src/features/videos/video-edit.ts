import type { Visibility } from '@streamhub/contract';
import { scheduleInputValue, scheduleIso } from './schedule';

/** SPEC §2 /video/edit: what the edit form holds (`publishAt`: a scheduled video's "Schedule", schedule.ts). */
/** `thumbnailCandidate`: the index of the frame picked among the server's candidates (API.md §22), null: none picked. */
export type VideoEditForm = {
  title: string;
  description: string;
  thumbnail: File | null;
  publishAt: string;
  thumbnailCandidate?: number | null;
  visibility?: Visibility;
  /** Only the channel's active members may watch it (API.md §20). */
  membersOnly?: boolean;
};
export type VideoEditOriginal = {
  title: string;
  description: string;
  publishAt?: string | null;
  visibility?: Visibility;
  membersOnly?: boolean;
};
/** `publishAt`: a new time (ISO), or null: public now (API.md §16). */
export type VideoEditChanges = {
  title?: string;
  description?: string;
  thumbnail?: File;
  publishAt?: string | null;
  thumbnailCandidate?: number;
  visibility?: Visibility;
  membersOnly?: boolean;
};

/** SPEC §5: only a changed title/description and a chosen thumbnail are sent. */
export function videoEditChanges(form: VideoEditForm, original: VideoEditOriginal): VideoEditChanges {
  const changes: VideoEditChanges = {};
  const title = form.title.trim();
  const description = form.description.trim();
  if (title && title !== original.title) changes.title = title;
  if (description && description !== original.description) changes.description = description;
  if (form.thumbnail) changes.thumbnail = form.thumbnail;
  // An uploaded image wins over a picked frame: only one of them can be the thumbnail.
  else if (form.thumbnailCandidate != null) changes.thumbnailCandidate = form.thumbnailCandidate;
  if (form.visibility && form.visibility !== original.visibility) changes.visibility = form.visibility;
  if (form.membersOnly !== undefined && form.membersOnly !== (original.membersOnly ?? false))
    changes.membersOnly = form.membersOnly;
  // Only a scheduled video has the field: a changed time moves it, an emptied one publishes now.
  if (original.publishAt && form.publishAt !== scheduleInputValue(original.publishAt)) {
    changes.publishAt = scheduleIso(form.publishAt);
  }
  return changes;
}

export const hasVideoEditChanges = (changes: VideoEditChanges) => Object.keys(changes).length > 0;

export function videoEditFormData(changes: VideoEditChanges): FormData {
  const data = new FormData();
  if (changes.title !== undefined) data.append('title', changes.title);
  if (changes.description !== undefined) data.append('description', changes.description);
  if (changes.thumbnail) data.append('thumbnail', changes.thumbnail);
  if (changes.thumbnailCandidate !== undefined) data.append('thumbnailCandidate', String(changes.thumbnailCandidate));
  if (changes.publishAt !== undefined) data.append('publishAt', changes.publishAt ?? '');
  if (changes.visibility) data.append('visibility', changes.visibility);
  if (changes.membersOnly !== undefined) data.append('membersOnly', String(changes.membersOnly));
  return data;
}
