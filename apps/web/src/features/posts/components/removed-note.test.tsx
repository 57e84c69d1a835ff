// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, loadCatalogue } from '@/i18n';
import { RemovedNote } from './removed-note';

afterEach(cleanup);

describe('removed note in the catalogue', () => {
  it('says why in English as before, and in French on a French page', async () => {
    render(<RemovedNote reason="Spam" />);
    expect(screen.getByRole('note').textContent).toBe('Removed: Spam. Only you can see this post.');
    cleanup();
    render(
      <I18nextProvider i18n={createI18n('fr', await loadCatalogue('fr'))}>
        <RemovedNote reason="Spam" />
      </I18nextProvider>,
    );
    expect(screen.getByRole('note').textContent).toBe('Retirée : Spam. Vous seul pouvez voir cette publication.');
  });

  it('shows nothing without a reason', () => {
    const { container } = render(<RemovedNote reason={undefined} />);
    expect(container.textContent).toBe('');
  });
});
