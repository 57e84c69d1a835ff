import { describe, expect, it } from 'vitest';
import { createPlaylistBody, emptyPlaylistForm, playlistFormError, type PlaylistForm } from './playlist-form';

const form = (patch: Partial<PlaylistForm>): PlaylistForm => ({
  ...emptyPlaylistForm(),
  name: 'Road trips',
  description: 'Summer 2026',
  ...patch,
});

describe('the Create New Playlist form', () => {
  it('starts public with the default price 30 ready for the exclusive switch', () => {
    expect(emptyPlaylistForm()).toEqual({ name: '', description: '', isExclusive: false, price: '30' });
  });

  it('sends a visibility other than public, and none for public (the default)', () => {
    expect(createPlaylistBody(form({ visibility: 'unlisted' }))).toEqual({
      name: 'Road trips',
      description: 'Summer 2026',
      visibility: 'unlisted',
    });
    expect(createPlaylistBody(form({ visibility: 'public' }))).not.toHaveProperty('visibility');
  });

  it('requires a name and a description (blank counts as missing)', () => {
    expect(playlistFormError(form({ name: '   ' }))).toBe('Name is required');
    expect(playlistFormError(form({ description: '\n' }))).toBe('Description is required');
    expect(playlistFormError(form({}))).toBeNull();
  });

  it('refuses an exclusive price under 20, like the field minimum', () => {
    expect(playlistFormError(form({ isExclusive: true, price: '19.99' }))).toBe('Playlist Price must be at least 20');
    expect(playlistFormError(form({ isExclusive: true, price: '20' }))).toBeNull();
    // A low price does not matter while the switch is off (the field is hidden and not sent).
    expect(playlistFormError(form({ isExclusive: false, price: '3' }))).toBeNull();
  });

  it('sends neither isExclusive nor price for a public playlist', () => {
    expect(createPlaylistBody(form({ name: ' Road trips ', price: '50' }))).toEqual({
      name: 'Road trips',
      description: 'Summer 2026',
    });
  });

  it('sends isExclusive when on, and the price only when it is at least 20', () => {
    expect(createPlaylistBody(form({ isExclusive: true }))).toEqual({
      name: 'Road trips',
      description: 'Summer 2026',
      isExclusive: true,
      price: 30,
    });
    expect(createPlaylistBody(form({ isExclusive: true, price: '20' })).price).toBe(20);
    expect(createPlaylistBody(form({ isExclusive: true, price: '12' }))).not.toHaveProperty('price');
    expect(createPlaylistBody(form({ isExclusive: true, price: '' }))).not.toHaveProperty('price');
    expect(createPlaylistBody(form({ isExclusive: true, price: 'abc' }))).toEqual({
      name: 'Road trips',
      description: 'Summer 2026',
      isExclusive: true,
    });
  });
});
