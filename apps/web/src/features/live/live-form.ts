import type { CreateLiveInput, LiveState, Visibility } from '@streamhub/contract';
import { MIN_VIDEO_PRICE } from '@streamhub/contract';
import { exclusivePrice } from '@/lib/exclusive-price';

/** What the Go live form edits (the upload form's fields, without the files). */
export type LiveForm = {
  title: string;
  description: string;
  isExclusive: boolean;
  price: string;
  visibility?: Visibility;
  /** Only the channel's active members may watch it (API.md §20). */
  membersOnly?: boolean;
};

export const emptyLiveForm = (): LiveForm => ({ title: '', description: '', isExclusive: false, price: String(MIN_VIDEO_PRICE) });

/** The upload form's rules: a title and a description. First problem, or null. */
export function liveFormError(form: LiveForm): string | null {
  if (!form.title.trim()) return 'Title is required';
  if (!form.description.trim()) return 'Description is required';
  return null;
}

/** POST /api/live's body: isExclusive only when on, price only when exclusive and at least 5 (SPEC §5, as uploads). */
export function liveBody(form: LiveForm): CreateLiveInput {
  const body: CreateLiveInput = { title: form.title.trim(), description: form.description.trim(), isExclusive: form.isExclusive };
  const price = exclusivePrice(form.isExclusive, form.price);
  if (price !== undefined) body.price = price;
  // Public is the default (API.md §18): only another choice is sent.
  if (form.visibility && form.visibility !== 'public') body.visibility = form.visibility;
  if (form.membersOnly) body.membersOnly = true;
  return body;
}

/** How often a page asks a live's state: quickly while it waits for its stream (the page switches as it starts), else every `steady` ms. */
export const livePollMs = (status: LiveState | undefined, steady: number) => (status === 'waiting' ? 2000 : steady);

/** The state in words under the player (catalogue keys; the placeholder in its place says what comes next). */
export const LIVE_STATE_KEYS: Record<LiveState, string> = {
  waiting: 'liveStatus.waiting',
  live: 'liveStatus.live',
  ended: 'liveStatus.ended',
};
