import { describe, expect, it } from 'vitest';
import { parseChapters, splitTimestamps } from './timestamps.ts';

describe('parseChapters (YouTube rule)', () => {
  it('reads three or more lines that start with a timestamp, the first at 0:00, ascending', () => {
    const description = [
      'My trip, in parts:',
      '0:00 Intro',
      '1:05 - The mountain',
      '  12:30 – Lake: swimming',
      '1:02:03 | Home',
      'Thanks for watching',
    ].join('\n');
    expect(parseChapters(description)).toEqual([
      { start: 0, title: 'Intro' },
      { start: 65, title: 'The mountain' },
      { start: 750, title: 'Lake: swimming' },
      { start: 3723, title: 'Home' },
    ]);
  });

  it('reads every line-break style and the separators colon and em dash', () => {
    expect(parseChapters('00:00: Start\r\n0:10 — Middle\r0:20 End')).toEqual([
      { start: 0, title: 'Start' },
      { start: 10, title: 'Middle' },
      { start: 20, title: 'End' },
    ]);
  });

  it('makes no chapters from two timestamps', () => {
    expect(parseChapters('0:00 Intro\n1:00 Outro')).toEqual([]);
  });

  it('makes none when the first is not at 0:00', () => {
    expect(parseChapters('0:05 Intro\n1:00 Middle\n2:00 Outro')).toEqual([]);
  });

  it('makes none when they do not ascend', () => {
    expect(parseChapters('0:00 Intro\n2:00 Middle\n1:00 Outro')).toEqual([]);
    expect(parseChapters('0:00 Intro\n1:00 Middle\n1:00 Again')).toEqual([]);
  });

  it('ignores timestamps in the middle of a line', () => {
    const description = 'See 0:00 start, then 1:00 and 2:00.\nAt 0:00 Intro\nJump to 3:00 Outro\nor 4:00 More';
    expect(parseChapters(description)).toEqual([]);
    // Two real chapter lines plus mid-line timestamps are still two: none.
    expect(parseChapters('0:00 Intro\nmiddle at 0:30 and 0:45\n1:00 Outro')).toEqual([]);
  });

  it('needs a title after the timestamp, and a real timestamp', () => {
    expect(parseChapters('0:00\n1:00\n2:00')).toEqual([]);
    expect(parseChapters('0:00 A\n1:60 B\n2:00 C')).toEqual([]); // 1:60 is no time: two chapters
    expect(parseChapters('0:00 A\n1:00:00:00 B\n2:00 C')).toEqual([]);
    expect(parseChapters('0:00 A\n1:00abc\n2:00 C')).toEqual([]);
    expect(parseChapters('')).toEqual([]);
  });
});

describe('splitTimestamps', () => {
  it('cuts a text at each timestamp, giving its seconds, and joins back to the text', () => {
    const text = 'Best part at 1:30, the drop at 1:02:03!\nnot 12:30:45:67 nor 9:75 nor 123:45';
    const pieces = splitTimestamps(text);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    expect(pieces.filter((p) => p.seconds !== undefined)).toEqual([
      { text: '1:30', seconds: 90 },
      { text: '1:02:03', seconds: 3723 },
    ]);
  });

  it('leaves a text without timestamps whole', () => {
    expect(splitTimestamps('no times here')).toEqual([{ text: 'no times here' }]);
    expect(splitTimestamps('')).toEqual([]);
  });
});
