import { describe, expect, it } from 'vitest';
import { firstMediaUris, parseMasterPlaylist } from './hls-manifest';

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
});

describe('firstMediaUris', () => {
  it('finds the init section and the first segment of a (possibly growing) playlist', () => {
    const text =
      '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4.000,\nseg_00001.m4s\n#EXTINF:4.000,\nseg_00002.m4s\n';
    expect(firstMediaUris(text, 'http://localhost/media/videos/v1/480p/index.m3u8')).toEqual({
      init: 'http://localhost/media/videos/v1/480p/init.mp4',
      segment: 'http://localhost/media/videos/v1/480p/seg_00001.m4s',
    });
    expect(firstMediaUris('#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n', 'http://localhost/a/b.m3u8')).toEqual({
      init: 'http://localhost/a/init.mp4',
      segment: null,
    });
  });

  it('names nothing of a single-file rung, whose segments are byte ranges (a preload would fetch the whole file)', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-MAP:URI="media.mp4",BYTERANGE="1355@0"',
      '#EXTINF:4.000,',
      '#EXT-X-BYTERANGE:120978@1355',
      'media.mp4',
      '',
    ].join('\n');
    expect(firstMediaUris(text, 'http://localhost/media/videos/v1/480p/index.m3u8')).toEqual({ init: null, segment: null });
  });
});
