import { describe, expect, it } from 'vitest';
import { playingSource, progressiveSources, singleFileOf, sourceChoices } from './progressive-sources';

const master = [
  '#EXTM3U',
  '#EXT-X-STREAM-INF:BANDWIDTH=224914,RESOLUTION=426x240,CODECS="avc1.640015,mp4a.40.2"',
  '240p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=381372,RESOLUTION=640x360',
  '360p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=577530,RESOLUTION=854x480',
  '480p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=1384254,RESOLUTION=1280x720',
  '720p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=5198978,RESOLUTION=1920x1080',
  'video.m3u8',
  '',
].join('\n');

const singleFile = (file: string, ended = true) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-TARGETDURATION:4',
    `#EXT-X-MAP:URI="${file}",BYTERANGE="1353@0"`,
    '#EXTINF:4.000000,',
    '#EXT-X-BYTERANGE:271842@1353',
    file,
    '#EXTINF:4.000000,',
    '#EXT-X-BYTERANGE:283356@273195',
    file,
    ...(ended ? ['#EXT-X-ENDLIST'] : []),
    '',
  ].join('\n');

const base = 'http://localhost:3000';

describe('singleFileOf', () => {
  it("names a finished single-file rung's file, resolved against its playlist", () => {
    expect(singleFileOf(singleFile('media.mp4'), `${base}/media/videos/v1/480p/index.m3u8`)).toBe(
      `${base}/media/videos/v1/480p/media.mp4`,
    );
  });

  it('names nothing for separate segment files, a growing rung or ranges into other files', () => {
    const segments = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg_00001.m4s\n#EXT-X-ENDLIST\n';
    expect(singleFileOf(segments, `${base}/v/480p/index.m3u8`)).toBeNull();
    expect(singleFileOf(singleFile('media.mp4', false), `${base}/v/480p/index.m3u8`)).toBeNull();
    const mixed = singleFile('media.mp4').replace(/media\.mp4\n#EXT-X-ENDLIST/, 'other.mp4\n#EXT-X-ENDLIST');
    expect(singleFileOf(mixed, `${base}/v/480p/index.m3u8`)).toBeNull();
  });
});

describe('progressiveSources', () => {
  it('lists every finished rung file, smallest first, named as the master names them (token included)', async () => {
    const asked: string[] = [];
    const sources = await progressiveSources(master, '/media/t/tok/videos/v1/master.m3u8', base, (url) => {
      asked.push(url);
      if (url.endsWith('720p/index.m3u8')) return Promise.resolve(null);
      return Promise.resolve(singleFile(url.endsWith('video.m3u8') ? 'video.mp4' : 'media.mp4'));
    });
    expect(asked).toContain('/media/t/tok/videos/v1/480p/index.m3u8');
    expect(sources.map((s) => s.url)).toEqual([
      '/media/t/tok/videos/v1/240p/media.mp4',
      '/media/t/tok/videos/v1/360p/media.mp4',
      '/media/t/tok/videos/v1/480p/media.mp4',
      '/media/t/tok/videos/v1/video.mp4',
    ]);
    expect(sources[2]).toMatchObject({ width: 854, height: 480, bitrate: 577530 });
  });

  it('keeps absolute URLs of media on another origin', async () => {
    const sources = await progressiveSources(master, 'https://cdn.example/v1/master.m3u8', base, () =>
      Promise.resolve(singleFile('media.mp4')),
    );
    expect(sources[0]!.url).toBe('https://cdn.example/v1/240p/media.mp4');
  });
});

describe('sourceChoices', () => {
  const sources = [
    { url: '/v/240p/media.mp4', width: 426, height: 240, bitrate: 224_914 },
    { url: '/v/360p/media.mp4', width: 640, height: 360, bitrate: 381_372 },
    { url: '/v/480p/media.mp4', width: 854, height: 480, bitrate: 577_530 },
    { url: '/v/720p/media.mp4', width: 1280, height: 720, bitrate: 1_384_254 },
    { url: '/v/video.mp4', width: 1920, height: 1080, bitrate: 5_198_978 },
  ];

  it("chooses by the screen's width and density: the smallest rung that fills the player at the class's widest", () => {
    const choices = sourceChoices(sources);
    // Dense screens first; the last choice has no condition, so something always plays.
    expect(choices[0]!.media).toContain('(min-resolution: 1.5dppx)');
    expect(choices[choices.length - 1]!.media).toBeUndefined();
    const at = (width: number, dense: boolean) =>
      choices.find((c) => (c.media?.includes('dppx') ?? false) === dense && matchesWidth(c.media, width))?.url;
    // A phone (412 px at 2×): its 380 px player needs 760 device pixels: 480p.
    expect(at(412, true)).toBe('/v/480p/media.mp4');
    // A small 1× window: 360p (607 px at most); a laptop's 1× 1280–1535 px: 720p (870 px at most),
    // also the widest 1× screen (the player stops at 1,192 px); a dense wide one: 1080p, the top.
    expect(at(600, false)).toBe('/v/360p/media.mp4');
    expect(at(1280, false)).toBe('/v/720p/media.mp4');
    expect(at(2560, false)).toBe('/v/720p/media.mp4');
    expect(at(1920, true)).toBe('/v/video.mp4');
  });

  it('is empty without sources', () => {
    expect(sourceChoices([])).toEqual([]);
  });
});

/** Whether a choice's width condition (if any) holds at `width` CSS px. */
function matchesWidth(media: string | undefined, width: number): boolean {
  const max = /max-width: ([\d.]+)px/.exec(media ?? '')?.[1];
  return max === undefined || width <= Number(max);
}

describe('playingSource', () => {
  it('finds the source the element plays by its absolute currentSrc', () => {
    const sources = [{ url: '/v/480p/media.mp4', width: 854, height: 480, bitrate: 1 }];
    expect(playingSource(sources, `${base}/v/480p/media.mp4`, `${base}/video/watch/v`)).toBe(sources[0]);
    expect(playingSource(sources, `${base}/v/360p/media.mp4`, `${base}/video/watch/v`)).toBeNull();
  });
});
