import { describe, expect, it } from 'vitest';
import { startSeconds } from '@streamhub/contract';
import { escapeMarkup } from '@streamhub/contract';
import { fitPlayer, watchedVideoId } from './oembed.ts';

const ID = '0190a5f0-1234-7000-8000-00000000abcd';
const ORIGINS = ['https://videos.example.com', 'http://localhost:3000'];

describe('watchedVideoId', () => {
  it.each([
    [`https://videos.example.com/video/watch/${ID}`, ID],
    [`https://videos.example.com/video/watch/${ID}/`, ID],
    [`https://videos.example.com/video/watch/${ID}?t=83`, ID],
    [`https://VIDEOS.example.com:443/video/watch/${ID.toUpperCase()}#comments`, ID],
    [`http://localhost:3000/video/watch/${ID}`, ID],
  ])('reads %s', (url, id) => expect(watchedVideoId(url, ORIGINS)).toBe(id));

  it.each([
    `https://evil.example.net/video/watch/${ID}`,
    `https://videos.example.com.evil.net/video/watch/${ID}`,
    `https://user@evil.net/video/watch/${ID}`,
    `http://videos.example.com/video/watch/${ID}`,
    `https://videos.example.com/video/watch/${ID}/extra`,
    `https://videos.example.com/embed/${ID}`,
    `https://videos.example.com/video/watch/../watch/${ID}x`,
    'javascript:alert(1)',
    '/video/watch/' + ID,
    '',
  ])('refuses %s', (url) => expect(watchedVideoId(url, ORIGINS)).toBeNull());
});

describe('fitPlayer', () => {
  it('keeps 16:9 inside both limits, never above 640 × 360 nor below 1 × 1', () => {
    expect(fitPlayer()).toEqual({ width: 640, height: 360 });
    expect(fitPlayer(480)).toEqual({ width: 480, height: 270 });
    expect(fitPlayer(undefined, 180)).toEqual({ width: 320, height: 180 });
    expect(fitPlayer(1000, 1000)).toEqual({ width: 640, height: 360 });
    expect(fitPlayer(1, 1)).toEqual({ width: 1, height: 1 });
    for (const [w, h] of [
      [333, 111],
      [101, 999],
      [640, 359],
    ] as const) {
      const size = fitPlayer(w, h);
      expect(size.width).toBeLessThanOrEqual(w);
      expect(size.height).toBeLessThanOrEqual(h);
      expect(Math.abs(size.width / size.height - 16 / 9)).toBeLessThan(0.02);
    }
  });
});

describe('escapeMarkup', () => {
  it('escapes what could end a text or an attribute and drops control characters (NUL included)', () => {
    expect(escapeMarkup(`<script>"a" & 'b'</script>`)).toBe('&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;');
    expect(escapeMarkup('a\u0000b\u0007c\u001bd\u0085e\ufffff')).toBe('abcdef');
    expect(escapeMarkup('line\nbreak\ttab')).toBe('line\nbreak\ttab');
  });
});

describe('startSeconds', () => {
  it.each([
    ['83', 83],
    ['83s', 83],
    [' 5 ', 5],
    ['0', 0],
    ['999999', 86400],
    ['1:23', 0],
    ['-4', 0],
    ['1e3', 0],
    ['', 0],
    [null, 0],
  ])('reads %j as %i', (value, seconds) => expect(startSeconds(value)).toBe(seconds));
});
