import { describe, expect, it } from 'vitest';
import { embedCode, watchLink } from './share-links';

const ID = '0190a5f0-1234-7000-8000-00000000abcd';

describe('share links', () => {
  it('links the watch page, at a whole second when a start is given', () => {
    expect(watchLink('https://v.example.com', ID)).toBe(`https://v.example.com/video/watch/${ID}`);
    expect(watchLink('https://v.example.com', ID, 83.9)).toBe(`https://v.example.com/video/watch/${ID}?t=83`);
    expect(watchLink('https://v.example.com', ID, 0.4)).toBe(`https://v.example.com/video/watch/${ID}`);
  });

  it('embeds the player in a 640 × 360 iframe with an escaped title', () => {
    expect(embedCode('https://v.example.com', ID, `"Hi" <b>&</b>`, 12)).toBe(
      `<iframe src="https://v.example.com/embed/${ID}?t=12" width="640" height="360" title="&quot;Hi&quot; &lt;b&gt;&amp;&lt;/b&gt;" ` +
        'frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>',
    );
  });
});
