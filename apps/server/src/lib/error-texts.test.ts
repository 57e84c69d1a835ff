import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectErrorTexts } from './error-sources.ts';
import { errorTextIn, translatedErrorText } from './error-language.ts';
import { FR_ERROR_TEXTS } from './error-texts-fr.ts';

/**
 * The lint of the server's error texts (docs/languages.md, "The server's error texts"): every text
 * the source gives an error class, `sendError` or a contract schema has a French translation.
 */
const SERVER = path.resolve(import.meta.dirname, '..');
const CONTRACT = path.resolve(import.meta.dirname, '../../../../packages/contract/src');

/**
 * Messages the collector cannot read from the source, each translated where it is made: the list
 * only shrinks (a message written as a literal is checked by the lint).
 */
const READ_ELSEWHERE = [
  // `refusal(type, id, \`This ${type} is already taken down\`)`: its four texts are in the catalogue.
  'features/moderation/moderation.service.ts: already',
  // describeProblems' sentences: templates of the catalogue ('{0} is required', 'Invalid {0}: {t1}'…).
  'lib/validate.ts: describeProblems(details)',
  'plugins/errors.ts: describeProblems(details)',
  // An AppError's own message, collected where it is thrown.
  'plugins/errors.ts: error.message',
  // The uploads pass an AppError's message on to tus (twice).
  'features/uploads/uploads.service.ts: err.message',
  'features/uploads/uploads.service.ts: err.message',
];

/** A text as it reaches the envelope: values in its slots, a rule after its field's name. */
function sample(text: string): string {
  const filled = text.replace(/\{(\d+)\}/g, '7');
  return /^(must|is) /.test(filled) ? `Title ${filled}` : filled;
}

describe('the server’s error texts in French', () => {
  const { texts, unresolved } = collectErrorTexts(SERVER, CONTRACT);

  it('collects the texts of the source (error classes, sendError, the contract’s schemas)', () => {
    expect(texts.size).toBeGreaterThan(150);
    for (const text of [
      'Video not found',
      'Unauthorized request',
      'Route not found',
      'Title is required',
      'Comment cannot be longer than {0} characters',
    ])
      expect([...texts.keys()]).toContain(text);
  });

  it('every text written in the source has a French entry', () => {
    const missing = [...texts]
      .filter(([text]) => translatedErrorText(sample(text), 'fr') === null)
      .map(([text, file]) => `${file}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('a message the collector cannot read is one of the known few (the list only shrinks)', () => {
    expect(unresolved.sort()).toEqual([...READ_ELSEWHERE].sort());
  });

  it('each French entry uses only the values of its English text', () => {
    const slots = (text: string) => [...text.matchAll(/\{t?(\d+)\}/g)].map((m) => m[1]!);
    for (const [english, french] of Object.entries(FR_ERROR_TEXTS)) {
      expect(english, 'an English text names its values {0}, {1}…').not.toMatch(/\{t\d+\}/);
      // A translation may leave a value out (zod's type names), never invent one.
      for (const slot of slots(french)) expect(slots(english), `${english} → ${french}`).toContain(slot);
    }
  });

  it('translates whole texts, texts with values, and zod’s sentences; English stays as it is', () => {
    expect(errorTextIn('Video not found', 'fr')).toBe('Vidéo introuvable');
    expect(errorTextIn('Comment cannot be longer than 10,000 characters', 'fr')).toBe(
      'Le commentaire ne peut pas dépasser 10,000 caractères',
    );
    expect(errorTextIn('Title must not contain control characters', 'fr')).toBe(
      'Title ne doit pas contenir de caractères de contrôle',
    );
    expect(errorTextIn('New password must have more than 8 characters', 'fr')).toBe(
      'Le nouveau mot de passe doit comporter plus de 8 caractères',
    );
    expect(errorTextIn('Payment failed: The payment provider could not be reached', 'fr')).toBe(
      'Échec du paiement : le prestataire de paiement est injoignable',
    );
    expect(errorTextIn('Payment failed: card declined', 'fr')).toBe('Échec du paiement : card declined');
    expect(errorTextIn('A held or removed comment cannot be pinned', 'fr')).toBe(
      'Un commentaire en attente ou supprimé ne peut pas être épinglé',
    );
    expect(errorTextIn('Invalid title: expected string, received number', 'fr')).toBe(
      'title invalide : string attendu, number reçu',
    );
    // No translation: the English text; English and the pseudo-locale: always the English text.
    expect(errorTextIn('Something new', 'fr')).toBe('Something new');
    for (const locale of ['en', 'en-XA'] as const) expect(errorTextIn('Video not found', locale)).toBe('Video not found');
  });
});
