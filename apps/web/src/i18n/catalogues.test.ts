import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, PSEUDO_LOCALE } from '@streamhub/contract';
import { createI18n, loadCatalogue } from '.';
import { en } from './en';
import { componentFiles, inlineTexts } from './inline-texts';
import { pseudoText } from './pseudo';

/**
 * The translation lint (docs/languages.md), part of `npm run test:unit`: every shipped language has
 * every key of English (each plural in every form its language has) and the same placeholders,
 * and no component writes a text inline — every text a person reads comes from a catalogue.
 */

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

function expectedKeys(locale: string): string[] {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of Object.keys(en)) {
    if (!PLURAL.test(key)) keys.add(key);
    else for (const category of categories) keys.add(key.replace(PLURAL, `_${category}`));
  }
  return [...keys].sort();
}

describe('catalogues', () => {
  for (const locale of LOCALES) {
    it(`${locale} has every key, in each of its plural forms, with English's placeholders`, async () => {
      const catalogue = await loadCatalogue(locale);
      expect(Object.keys(catalogue).sort()).toEqual(expectedKeys(locale));
      for (const [key, text] of Object.entries(catalogue)) {
        const source = en[key as keyof typeof en] ?? en[key.replace(PLURAL, '_other') as keyof typeof en];
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(source));
      }
    });
  }

  it("English keeps the spec’s texts: the heading is '{n} Comments' for every n (SPEC §2)", () => {
    const t = createI18n('en', en).t;
    expect(t('comments.count', { count: 1 })).toBe('1 Comments');
    expect(t('comments.count', { count: 0 })).toBe('0 Comments');
    expect(t('comments.count', { count: 12 })).toBe('12 Comments');
    expect(t('topBar.signIn')).toBe('Sign in');
  });

  it('French plurals: 0 and 1 are singular, a million takes « de »', async () => {
    const t = createI18n('fr', await loadCatalogue('fr')).t;
    expect(t('comments.count', { count: 0 })).toBe('0 commentaire');
    expect(t('comments.count', { count: 1 })).toBe('1 commentaire');
    expect(t('comments.count', { count: 2 })).toBe('2 commentaires');
    expect(t('count.views', { count: 1_000_000, formatted: '1 M' })).toBe('1 M de vues');
  });

  it('the pseudo-locale accents every text, keeps placeholders and is about 40 % longer', async () => {
    const catalogue = await loadCatalogue(PSEUDO_LOCALE);
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    expect(pseudoText('Sign in')).toMatch(/^\[Šíĝñ íñ ~+\]$/);
    expect(pseudoText('{{count}} Comments')).toContain('{{count}}');
    for (const [key, text] of Object.entries(en)) {
      const pseudo = catalogue[key]!;
      const visible = (s: string) => s.replace(/\{\{[^}]*\}\}/g, '').length;
      expect(visible(pseudo), key).toBeGreaterThanOrEqual(Math.floor(visible(text) * 1.4));
      expect(/[a-z]{3}/i.test(pseudo.replace(/\{\{[^}]*\}\}/g, '')), `${key}: ${pseudo}`).toBe(false);
    }
  });
});

const SRC = path.resolve(import.meta.dirname, '..');

describe('no text written inline in a component', () => {
  it('finds JSX text and read attributes, not code', () => {
    expect(inlineTexts('const a = <p className="text-sm">Hello there</p>;')).toEqual(['Hello there']);
    expect(inlineTexts('const a = <b aria-label="Open menu" title={`Switch to ${x}`} />;')).toEqual([
      'Open menu',
      '`Switch to ${x}`',
    ]);
    expect(inlineTexts("const a = <p className=\"x\" aria-label={t('k')}>{t('k')} · {n}</p>;")).toEqual([]);
  });

  it('every component reads its texts from the catalogue', () => {
    const offenders = componentFiles(SRC).map((f) => [f, inlineTexts(fs.readFileSync(path.join(SRC, f), 'utf8'))] as const);
    expect(offenders.filter(([, texts]) => texts.length > 0)).toEqual([]);
  });
});

/** Tailwind utilities of a physical side (left/right), where a logical one (start/end) mirrors in a right-to-left language. */
const PHYSICAL =
  /(?<=[\s"'`:!])-?(?:(?:ml|mr|pl|pr|border-l|border-r|rounded-l|rounded-r|rounded-tl|rounded-tr|rounded-bl|rounded-br)(?:-[\w./[\]%]+)?|(?:left|right)-(?!1\/2)[\w./[\]%]+|text-left|text-right)(?=[\s"'`])/g;

describe('layouts mirror for a right-to-left language', () => {
  it('finds physical utilities, not centring or words', () => {
    expect('<p className="ml-2 pr-4 right-0 text-left">left</p>'.match(PHYSICAL)).toEqual([
      'ml-2',
      'pr-4',
      'right-0',
      'text-left',
    ]);
    expect('<p className="ms-2 left-1/2 -translate-x-1/2" side="left">'.match(PHYSICAL)).toBeNull();
  });

  it('components use logical properties (ms/me, ps/pe, start/end, border-s/e, text-start/end)', () => {
    const physical = componentFiles(SRC)
      .concat(fs.readdirSync(path.join(SRC, 'components/ui')).map((f) => `components/ui/${f}`))
      .map((f) => [f, fs.readFileSync(path.join(SRC, f), 'utf8').match(PHYSICAL) ?? []] as const)
      .filter(([, found]) => found.length > 0);
    expect(physical).toEqual([]);
  });
});
