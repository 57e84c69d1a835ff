import { describe, expect, it } from 'vitest';
import type { WatchVideo } from '@streamhub/contract';
import { firstMediaUris, posterPreload, preloadHeaders, preloadTags, watchPreloads } from './page-preloads';

const origin = 'http://localhost:3000';
const video = { thumbnail: '/media/thumbnails/v1.webp', hlsUrl: '/media/videos/v1/master.m3u8' } as WatchVideo;
const master = [
  '#EXTM3U',
  '#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=640x360',
  '360p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080',
  'video.m3u8',
  '',
].join('\n');
const files = (level: string) => (url: string) =>
  Promise.resolve(url === video.hlsUrl ? master : url === '/media/videos/v1/360p/index.m3u8' ? level : null);

describe('watchPreloads', () => {
  it("names the poster first, then the master and the phone's first rung, with a rung's own init and first segment", async () => {
    const level = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg_00001.m4s\n#EXTINF:4,\nseg_00002.m4s\n';
    expect(await watchPreloads(video, origin, files(level))).toEqual([
      { href: '/media/thumbnails/v1.webp', as: 'image', highPriority: true },
      { href: '/media/videos/v1/master.m3u8', as: 'fetch' },
      { href: '/media/videos/v1/360p/index.m3u8', as: 'fetch', hlsLevel: true },
      { href: '/media/videos/v1/360p/init.mp4', as: 'fetch' },
      { href: '/media/videos/v1/360p/seg_00001.m4s', as: 'fetch' },
    ]);
  });

  it("preloads a poster's copies as the player's image chooses among them", () => {
    const full = { thumbnail: '/media/thumbnails/v1-a-full.webp' } as WatchVideo;
    expect(posterPreload(full)).toEqual([
      {
        href: '/media/thumbnails/v1-a-full.webp',
        as: 'image',
        highPriority: true,
        srcset: '/media/thumbnails/v1-a-720.webp 720w, /media/thumbnails/v1-a-full.webp 1280w',
        sizes: '(min-width: 640px) 100vw, calc(100vw - 32px)',
      },
    ]);
    expect(posterPreload({ thumbnail: '' } as WatchVideo)).toEqual([]);
  });

  it('names only the poster of a live: its playlists change every segment, so hls.js asks for them itself', async () => {
    const asked: string[] = [];
    const live = await watchPreloads({ ...video, isLive: true, status: 'live' }, origin, (url) => {
      asked.push(url);
      return Promise.resolve(master);
    });
    expect(live).toEqual([{ href: '/media/thumbnails/v1.webp', as: 'image', highPriority: true }]);
    expect(asked).toEqual([]);
  });

  it("leaves a single-file rung's byte ranges to hls.js, and stops where a playlist cannot be read", async () => {
    const ranges =
      '#EXTM3U\n#EXT-X-MAP:URI="media.mp4",BYTERANGE="1355@0"\n#EXTINF:4,\n#EXT-X-BYTERANGE:120978@1355\nmedia.mp4\n';
    expect((await watchPreloads(video, origin, files(ranges))).map((p) => p.href)).toEqual([
      '/media/thumbnails/v1.webp',
      '/media/videos/v1/master.m3u8',
      '/media/videos/v1/360p/index.m3u8',
    ]);
    expect(await watchPreloads(video, origin, () => Promise.resolve(null))).toEqual([
      { href: '/media/thumbnails/v1.webp', as: 'image', highPriority: true },
    ]);
    expect(await watchPreloads({ ...video, hlsUrl: null }, origin, files(ranges))).toHaveLength(1);
  });
});

describe('preload tags and headers', () => {
  it('escape what they write; a URL that would need quoting stays out of the header', () => {
    const preloads = [
      { href: '/a"><script>x</script>', as: 'image' as const, highPriority: true },
      { href: '/media/t/tok.en/videos/v1/360p/index.m3u8', as: 'fetch' as const, hlsLevel: true },
    ];
    expect(preloadTags(preloads)).toBe(
      '<link rel="preload" href="/a&#34;&#62;&#60;script&#62;x&#60;/script&#62;" as="image" fetchpriority="high">' +
        '<link rel="preload" href="/media/t/tok.en/videos/v1/360p/index.m3u8" as="fetch" crossorigin data-hls-level>',
    );
    expect(preloadHeaders(preloads)).toEqual(['</media/t/tok.en/videos/v1/360p/index.m3u8>; rel=preload; as=fetch; crossorigin']);
  });

  it("carry an image's srcset and sizes, so the browser preloads the copy the image will show", () => {
    const srcset = '/media/thumbnails/v1-a-720.webp 720w, /media/thumbnails/v1-a-full.webp 1280w';
    const sizes = '(min-width: 640px) 50vw, 100vw';
    const preloads = [{ href: '/media/thumbnails/v1-a-full.webp', as: 'image' as const, highPriority: true, srcset, sizes }];
    expect(preloadTags(preloads)).toBe(
      `<link rel="preload" href="/media/thumbnails/v1-a-full.webp" as="image" imagesrcset="${srcset}" imagesizes="${sizes}" fetchpriority="high">`,
    );
    expect(preloadHeaders(preloads)).toEqual([
      `</media/thumbnails/v1-a-full.webp>; rel=preload; as=image; imagesrcset="${srcset}"; imagesizes="${sizes}"; fetchpriority=high`,
    ]);
    // A quote in either would end the header's parameter early: such a preload is the HTML's alone.
    expect(preloadHeaders([{ ...preloads[0]!, sizes: '100vw"; rel=x' }])).toEqual([]);
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
