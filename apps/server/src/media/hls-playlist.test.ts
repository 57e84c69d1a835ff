import { describe, expect, it } from 'vitest';
import { buildMasterPlaylist, bytesNamed, measureBandwidth } from './hls-playlist.ts';
import { parseMediaPlaylist } from '@streamhub/contract';
import { buildLadder } from './ladder.ts';
import type { MediaProbe } from './parse-probe.ts';

const probe: MediaProbe = {
  durationSec: 10,
  width: 1280,
  height: 720,
  rotation: 0,
  sar: 1,
  videoStreamIndex: 0,
  videoCodec: 'mpeg4',
  videoProfile: null,
  videoLevel: null,
  pixFmt: 'yuv420p',
  fps: 25,
  audioStreamIndex: 1,
  audioCodec: 'aac',
  audioProfile: 'LC',
  audioChannels: 2,
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  bitRate: 2_000_000,
};
const ladder = buildLadder(probe);

describe('buildMasterPlaylist', () => {
  it('lists every available rung, smallest first, with relative URIs (the top rung beside master)', () => {
    expect(buildMasterPlaylist(ladder, ['720p', '480p', '360p', '240p'])).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=564000,AVERAGE-BANDWIDTH=414000,RESOLUTION=426x240,FRAME-RATE=25.000,CODECS="avc1.640015,mp4a.40.2"',
        '240p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=1096000,AVERAGE-BANDWIDTH=796000,RESOLUTION=640x360,FRAME-RATE=25.000,CODECS="avc1.64001e,mp4a.40.2"',
        '360p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=1846000,AVERAGE-BANDWIDTH=1296000,RESOLUTION=854x480,FRAME-RATE=25.000,CODECS="avc1.64001e,mp4a.40.2"',
        '480p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=3628000,AVERAGE-BANDWIDTH=2628000,RESOLUTION=1280x720,FRAME-RATE=25.000,CODECS="avc1.64001f,mp4a.40.2"',
        'video.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('lists only the rungs that are already playable', () => {
    const text = buildMasterPlaylist(ladder, ['240p']);
    expect(text.match(/#EXT-X-STREAM-INF/g)).toHaveLength(1);
    expect(text).toContain('240p/index.m3u8');
    expect(text).not.toContain('720p');
  });

  it('uses measured bandwidth figures when the rungs carry them', () => {
    const measured = ladder.map((rung) => ({ ...rung, bandwidth: 1234.4, averageBandwidth: 1000.6 }));
    expect(buildMasterPlaylist(measured, ['240p'])).toContain('BANDWIDTH=1234,AVERAGE-BANDWIDTH=1001,');
  });

  it('never writes an absolute URI', () => {
    const uris = buildMasterPlaylist(
      ladder,
      ladder.map((r) => r.name),
    )
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(uris).toHaveLength(4);
    for (const uri of uris) expect(uri).not.toMatch(/^(\/|[a-z]+:)/);
  });
});

describe('parseMediaPlaylist', () => {
  const growing = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-TARGETDURATION:4',
    '#EXT-X-MEDIA-SEQUENCE:1',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    '#EXT-X-MAP:URI="init.mp4"',
    '#EXTINF:4.000000,',
    'seg_00001.m4s',
    '#EXTINF:4.000000,',
    'seg_00002.m4s',
    '',
  ].join('\n');

  it('reads a playlist that is still growing', () => {
    expect(parseMediaPlaylist(growing)).toEqual({
      initUri: 'init.mp4',
      segments: [
        { uri: 'seg_00001.m4s', durationSec: 4 },
        { uri: 'seg_00002.m4s', durationSec: 4 },
      ],
      ended: false,
    });
  });

  it('sees the end', () => {
    const ended = parseMediaPlaylist(`${growing}#EXTINF:1.520000,\r\nseg_00003.m4s\r\n#EXT-X-ENDLIST\r\n`);
    expect(ended.ended).toBe(true);
    expect(ended.segments.at(-1)).toEqual({ uri: 'seg_00003.m4s', durationSec: 1.52 });
  });

  it('reads the byte ranges of a single-file rung, and what each file must hold before it is served', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-PLAYLIST-TYPE:EVENT',
      '#EXT-X-MAP:URI="media.mp4",BYTERANGE="1355@0"',
      '#EXTINF:4.000000,',
      '#EXT-X-BYTERANGE:120978@1355',
      'media.mp4',
      '#EXTINF:2.5,',
      '#EXT-X-BYTERANGE:5000',
      'media.mp4',
      '',
    ].join('\n');
    const playlist = parseMediaPlaylist(text);
    expect(playlist).toEqual({
      initUri: 'media.mp4',
      initRange: { offset: 0, length: 1355 },
      segments: [
        { uri: 'media.mp4', durationSec: 4, range: { offset: 1355, length: 120978 } },
        { uri: 'media.mp4', durationSec: 2.5, range: { offset: 122333, length: 5000 } },
      ],
      ended: false,
    });
    expect(bytesNamed(playlist)).toEqual(new Map([['media.mp4', 127333]]));
    // The old layout: every file named must merely exist with some bytes.
    expect(bytesNamed(parseMediaPlaylist(growing))).toEqual(
      new Map([
        ['init.mp4', 1],
        ['seg_00001.m4s', 1],
        ['seg_00002.m4s', 1],
      ]),
    );
  });

  it('reads an empty or header-only playlist as no segments', () => {
    expect(parseMediaPlaylist('')).toEqual({ initUri: null, segments: [], ended: false });
    expect(parseMediaPlaylist('#EXTM3U\n#EXTINF:4.0,\n').segments).toEqual([]);
  });
});

describe('measureBandwidth', () => {
  it('takes the peak segment rate and the overall average', () => {
    expect(
      measureBandwidth([
        { durationSec: 4, bytes: 500_000 },
        { durationSec: 4, bytes: 1_000_000 },
        { durationSec: 2, bytes: 250_000 },
      ]),
    ).toEqual({ bandwidth: 2_000_000, averageBandwidth: 1_400_000 });
  });

  it('ignores the rate of a sliver of a last segment for the peak', () => {
    const result = measureBandwidth([
      { durationSec: 4, bytes: 400_000 },
      { durationSec: 0.04, bytes: 40_000 },
    ]);
    expect(result?.bandwidth).toBe(800_000);
  });

  it('returns null with nothing to measure', () => {
    expect(measureBandwidth([])).toBeNull();
    expect(measureBandwidth([{ durationSec: 0, bytes: 10 }])).toBeNull();
  });
});
