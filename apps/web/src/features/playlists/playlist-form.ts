import type { TFunction } from 'i18next';
import { PLAYLIST_DEFAULT_PRICE, PLAYLIST_MIN_PRICE, type Visibility } from '@streamhub/contract';

/** What the 'Create New Playlist' modal edits (SPEC §2); `price` is the raw number field. */
export type PlaylistForm = {
  name: string;
  description: string;
  isExclusive: boolean;
  price: string;
  visibility?: Visibility;
};

/** The JSON body of POST /api/playlist as the form sends it. */
export type CreatePlaylistRequest = {
  name: string;
  description: string;
  isExclusive?: true;
  price?: number;
  visibility?: Visibility;
};

export const emptyPlaylistForm = (): PlaylistForm => ({
  name: '',
  description: '',
  isExclusive: false,
  price: String(PLAYLIST_DEFAULT_PRICE),
});

/** The price the field holds, or null when it is blank or not a number. */
function enteredPrice(form: PlaylistForm): number | null {
  if (form.price.trim() === '') return null;
  const price = Number(form.price);
  return Number.isFinite(price) ? price : null;
}

/**
 * SPEC §5: name and description are required; the price field has min 20, so an exclusive
 * playlist with a lower price is not submitted (as a browser would refuse the field). First problem, or null,
 * in the page's language when given its `t` (the catalogue's playlistForm.* texts), else in English.
 */
export function playlistFormError(form: PlaylistForm, t?: TFunction): string | null {
  if (!form.name.trim()) return t ? t('playlistForm.nameRequired') : 'Name is required';
  if (!form.description.trim()) return t ? t('playlistForm.descriptionRequired') : 'Description is required';
  if (form.isExclusive) {
    const price = enteredPrice(form);
    if (price !== null && price < PLAYLIST_MIN_PRICE) {
      return t
        ? t('playlistForm.priceMin', { min: PLAYLIST_MIN_PRICE })
        : `Playlist Price must be at least ${PLAYLIST_MIN_PRICE}`;
    }
  }
  return null;
}

/** SPEC §5: isExclusive only when on; price only when exclusive and at least 20. */
export function createPlaylistBody(form: PlaylistForm): CreatePlaylistRequest {
  const body: CreatePlaylistRequest = { name: form.name.trim(), description: form.description.trim() };
  // Public is the default (API.md §18): only another choice is sent.
  if (form.visibility && form.visibility !== 'public') body.visibility = form.visibility;
  if (!form.isExclusive) return body;
  body.isExclusive = true;
  const price = enteredPrice(form);
  if (price !== null && price >= PLAYLIST_MIN_PRICE) body.price = price;
  return body;
}
