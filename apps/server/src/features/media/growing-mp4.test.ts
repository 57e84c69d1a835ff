import { describe, expect, it } from 'vitest';
import { lowestRung, readVariant } from './growing-mp4.ts';

describe('growing MP4 playlists', () => {
  it('picks the lowest-bandwidth rung of a master playlist, whatever its order', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720',
      '720p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=426x240',
      '240p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360',
      '360p/index.m3u8',
    ].join('\n');
    expect(lowestRung(master)).toBe('240p/index.m3u8');
    expect(lowestRung('#EXTM3U\n')).toBeNull();
  });

  it('reads the init segment, the segments so far and whether the rung is finished (old layout)', () => {
    const growing = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4.0,\nseg_00001.m4s\n#EXTINF:4.0,\nseg_00002.m4s\n';
    expect(readVariant(growing)).toEqual({
      init: { uri: 'init.mp4' },
      segments: [{ uri: 'seg_00001.m4s' }, { uri: 'seg_00002.m4s' }],
      ended: false,
    });
    expect(readVariant(`${growing}#EXT-X-ENDLIST\n`).ended).toBe(true);
  });

  it('reads the byte ranges of a single-file rung', () => {
    const growing = [
      '#EXTM3U',
      '#EXT-X-MAP:URI="media.mp4",BYTERANGE="1355@0"',
      '#EXTINF:4.0,',
      '#EXT-X-BYTERANGE:120978@1355',
      'media.mp4',
      '#EXTINF:4.0,',
      '#EXT-X-BYTERANGE:128591',
      'media.mp4',
      '',
    ].join('\n');
    expect(readVariant(growing)).toEqual({
      init: { uri: 'media.mp4', range: { offset: 0, length: 1355 } },
      segments: [
        { uri: 'media.mp4', range: { offset: 1355, length: 120978 } },
        // Without an offset a range follows the one before it.
        { uri: 'media.mp4', range: { offset: 122333, length: 128591 } },
      ],
      ended: false,
    });
  });
});
