import { describe, expect, it } from 'vitest';
import { colourOf, initialsOf } from './canvas-file';

describe('generated avatar', () => {
  it('takes up to two initials of a name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  grace  brewster  hopper ')).toBe('GH');
    expect(initialsOf('linus')).toBe('L');
    expect(initialsOf('émile_zola')).toBe('ÉZ');
    expect(initialsOf('')).toBe('?');
  });

  it('gives the same name the same colour', () => {
    expect(colourOf('Ada Lovelace')).toBe(colourOf('Ada Lovelace'));
    expect(colourOf('Ada Lovelace')).toMatch(/^hsl\(\d+ 55% 38%\)$/);
  });
});
