// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlaylistSummary } from '@streamhub/contract';
// English for components rendered outside a page's provider (i18n/index.ts).
import { createI18n, loadCatalogue } from '@/i18n';
import { emptyPlaylistForm, playlistFormError } from '../playlist-form';
import { PlaylistCard } from './playlist-card';

const playlist: PlaylistSummary = {
  _id: 'p1',
  name: 'Road trip',
  description: 'Songs for the car',
  videos: ['a', 'b', 'c'],
  poster: null,
  isExclusive: true,
  visibility: 'public',
  price: 20,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  owner: 'u1',
};

function renderCard(i18n?: ReturnType<typeof createI18n>) {
  const router = createMemoryRouter([
    { path: '/', element: <PlaylistCard playlist={playlist} href="/playlist/p/p1" onDelete={() => undefined} /> },
  ]);
  const tree = <RouterProvider router={router} />;
  return render(i18n ? <I18nextProvider i18n={i18n}>{tree}</I18nextProvider> : tree);
}

afterEach(cleanup);

describe('playlist card in the catalogue', () => {
  it('keeps the English texts of SPEC §2', () => {
    renderCard();
    expect(screen.getByText('Videos: 3')).toBeTruthy();
    expect(screen.getByText('Exclusive')).toBeTruthy();
    expect(screen.getByText('Exclusive playlist')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Playlist Road trip' }).textContent).toBe('Delete Playlist');
    expect(document.querySelector('time')?.parentElement?.textContent).toMatch(/^Last updated \d+ \w+ ago$/);
  });

  it('speaks French on a French page', async () => {
    renderCard(createI18n('fr', await loadCatalogue('fr')));
    expect(screen.getByText('Vidéos : 3')).toBeTruthy();
    expect(screen.getByText('Playlist exclusive')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Supprimer la playlist Road trip' })).toBeTruthy();
    expect(document.querySelector('time')?.parentElement?.textContent).toMatch(/^Dernière mise à jour /);
  });

  it("the form's errors follow the page's language, English without a t", async () => {
    const fr = createI18n('fr', await loadCatalogue('fr'));
    const form = { ...emptyPlaylistForm(), name: 'x', description: 'y', isExclusive: true, price: '3' };
    expect(playlistFormError(form)).toBe('Playlist Price must be at least 20');
    expect(playlistFormError(form, fr.t)).toBe('Le prix de la playlist doit être d’au moins 20');
    expect(playlistFormError(emptyPlaylistForm(), fr.t)).toBe('Le nom est obligatoire');
  });
});
