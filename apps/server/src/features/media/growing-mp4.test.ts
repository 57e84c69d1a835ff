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

  it('reads the init segment, the segments so far and whether the rung is finished', () => {
    const growing = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4.0,\nseg_00001.m4s\n#EXTINF:4.0,\nseg_00002.m4s\n';
    expect(readVariant(growing)).toEqual({ init: 'init.mp4', segments: ['seg_00001.m4s', 'seg_00002.m4s'], ended: false });
    expect(readVariant(`${growing}#EXT-X-ENDLIST\n`).ended).toBe(true);
  });
});
