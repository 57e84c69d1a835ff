import { describe, expect, it } from 'vitest';
import { chaptersVtt } from './chapters-track';

describe('chaptersVtt', () => {
  it('makes one cue per chapter, to the next one and the last to the end, titles escaped', () => {
    const chapters = [
      { start: 0, title: 'Intro' },
      { start: 65, title: 'Tom & <Jerry>' },
      { start: 3723, title: 'End' },
      { start: 5000, title: 'Past the end' },
    ];
    expect(chaptersVtt(chapters, 3800)).toBe(
      'WEBVTT\n\n' +
        '00:00:00.000 --> 00:01:05.000\nIntro\n\n' +
        '00:01:05.000 --> 01:02:03.000\nTom &amp; &lt;Jerry&gt;\n\n' +
        '01:02:03.000 --> 01:03:20.000\nEnd\n',
    );
  });
});
