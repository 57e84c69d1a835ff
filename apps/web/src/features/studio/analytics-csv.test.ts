import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './analytics-csv';

describe('analytics CSV', () => {
  it('quotes what needs quoting, doubles quotes, keeps numbers as they are', () => {
    expect(csvCell('2026-01-01')).toBe('2026-01-01');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
  });

  it('never hands a spreadsheet a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('@sum')).toBe("'@sum");
  });

  it('a header row, then one row per point, CRLF line ends', () => {
    expect(
      toCsv(
        ['Day', 'Views'],
        [
          ['2026-01-01', 3],
          ['2026-01-02', 0],
        ],
      ),
    ).toBe('Day,Views\r\n2026-01-01,3\r\n2026-01-02,0\r\n');
    expect(toCsv(['Point of the video', 'Viewers, still watching'], [['50 %', 0.5]])).toBe(
      'Point of the video,"Viewers, still watching"\r\n50 %,0.5\r\n',
    );
  });
});
