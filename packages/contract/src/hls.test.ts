import { describe, expect, it } from 'vitest';
import { parseMasterPlaylist, parseMediaPlaylist, singleFileName } from './hls.ts';

const base = 'http://localhost/media/t/123.abc/videos/v1/master.m3u8';

describe('parseMasterPlaylist', () => {
  it('reads size, bandwidth and absolute URL of each variant, keeping the token path', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-STREAM-INF:BANDWIDTH=564000,AVERAGE-BANDWIDTH=414000,RESOLUTION=426x240,FRAME-RATE=30.000,CODECS="avc1.64000d,mp4a.40.2"',
      '240p/index.m3u8',
      '#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=1300000,BANDWIDTH=1846000,RESOLUTION=854x480',
      '480p/index.m3u8',
      '',
    ].join('\n');
    expect(parseMasterPlaylist(text, base)).toEqual([
      { url: 'http://localhost/media/t/123.abc/videos/v1/240p/index.m3u8', width: 426, height: 240, bitrate: 564_000 },
      { url: 'http://localhost/media/t/123.abc/videos/v1/480p/index.m3u8', width: 854, height: 480, bitrate: 1_846_000 },
    ]);
  });
  it('gives nothing for a media playlist or garbage', () => {
    expect(parseMasterPlaylist('#EXTM3U\n#EXTINF:4,\nseg.m4s\n', base)).toEqual([]);
  });
  it('keeps URIs as written without a base', () => {
    expect(parseMasterPlaylist('#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=2x4\nv/index.m3u8\n')).toEqual([
      { url: 'v/index.m3u8', width: 2, height: 4, bitrate: 1 },
    ]);
  });
});

describe('singleFileName', () => {
  const single = (ended: boolean) =>
    [
      '#EXTM3U',
      '#EXT-X-MAP:URI="media.mp4",BYTERANGE="1353@0"',
      '#EXTINF:4.000000,',
      '#EXT-X-BYTERANGE:271842@1353',
      'media.mp4',
      ...(ended ? ['#EXT-X-ENDLIST'] : []),
      '',
    ].join('\n');

  it('names the one file of a finished single-file rung, as written', () => {
    expect(singleFileName(parseMediaPlaylist(single(true)))).toBe('media.mp4');
  });

  it('names nothing for a growing rung, separate segment files, or ranges into another file', () => {
    expect(singleFileName(parseMediaPlaylist(single(false)))).toBeNull();
    expect(singleFileName(parseMediaPlaylist('#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg_1.m4s\n#EXT-X-ENDLIST\n'))).toBeNull();
    expect(
      singleFileName(parseMediaPlaylist(single(true).replace(/media\.mp4\n#EXT-X-ENDLIST/, 'other.mp4\n#EXT-X-ENDLIST'))),
    ).toBeNull();
  });
});
