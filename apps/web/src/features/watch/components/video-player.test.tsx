// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// English for components rendered outside a page's provider (i18n/index.ts).
import '@/i18n';
import type { ProgressiveSource } from '../progressive-sources';
import { VideoPlayer } from './video-player';

// media-chrome's controls are custom elements this test does not need (they upgrade in place in a
// browser): their module is not loaded here. jsdom has no Media Source Extensions, so the stream is
// never hls.js here: the engine after the progressive file is the MP4 file.
vi.mock('../preload-player', () => ({
  loadPlayerChrome: () => Promise.resolve(),
  loadPlayerMenus: () => Promise.resolve(),
  loadHlsVideo: () => new Promise(() => undefined),
}));

beforeAll(() => {
  // jsdom plays nothing: play() and load() are stubs there.
  HTMLMediaElement.prototype.play = () => Promise.resolve();
  HTMLMediaElement.prototype.load = () => undefined;
  HTMLMediaElement.prototype.pause = () => undefined;
});
afterEach(cleanup);

const rungs: ProgressiveSource[] = [
  { url: '/media/videos/v1/360p.mp4', width: 640, height: 360, bitrate: 800_000 },
  { url: '/media/videos/v1/720p.mp4', width: 1280, height: 720, bitrate: 2_500_000 },
];

function renderPlayer(props: {
  sources?: readonly ProgressiveSource[];
  videoFile?: string | null;
  url?: string;
  poster?: string;
}) {
  const onMediaRefused = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <VideoPlayer
            hlsUrl="/media/videos/v1/master.m3u8"
            videoFile={props.videoFile === undefined ? '/media/videos/v1/video.mp4' : props.videoFile}
            storyboardUrl={null}
            poster={props.poster ?? '/media/videos/v1/poster.jpg'}
            title="A test video"
            duration={10}
            sources={props.sources}
            onMediaRefused={onMediaRefused}
          />
        ),
      },
    ],
    { initialEntries: [props.url ?? '/video/watch/v1'] },
  );
  render(<RouterProvider router={router} />);
  return { player: screen.getByTestId('video-player'), onMediaRefused };
}

const video = (player: HTMLElement) => player.querySelector('video');

describe('the video player (DOM binding of player-engine.ts)', () => {
  it('plays the rung files the page named as <source>s, one per screen class, muted and inline', () => {
    const { player } = renderPlayer({ sources: rungs, url: '/video/watch/v1?t=4' });
    expect(player.dataset.engine).toBe('progressive');
    const element = video(player)!;
    expect(element.muted).toBe(true);
    expect(element.getAttribute('playsinline')).not.toBeNull();
    const sources = [...element.querySelectorAll('source')].map((s) => s.getAttribute('src'));
    expect(sources.length).toBeGreaterThan(0);
    // A shared link's ?t= is where the file starts (a media fragment).
    expect(sources.every((src) => src?.endsWith('#t=4'))).toBe(true);
    expect(screen.getByLabelText('Video player: A test video')).toBe(player);
  });

  it('shows the poster while the rung files are asked for', () => {
    const { player } = renderPlayer({ sources: undefined });
    expect(player.dataset.engine).toBeUndefined();
    expect(player.querySelector('img[data-player-poster]')?.getAttribute('src')).toBe('/media/videos/v1/poster.jpg');
    expect(video(player)).toBeNull();
  });

  it("gives the media the poster's copy its image chose (a video poster takes no srcset)", async () => {
    const full = '/media/thumbnails/v1-t1-full.webp';
    const copy = '/media/thumbnails/v1-t1-720.webp';
    const { player } = renderPlayer({ sources: rungs, poster: full });
    const image = player.querySelector<HTMLImageElement>('img[data-player-poster]')!;
    expect(image.getAttribute('srcset')).toBe(`${copy} 720w, ${full} 1280w`);
    expect(image.getAttribute('sizes')).toBe('(min-width: 640px) 100vw, calc(100vw - 32px)');
    // Until the image has chosen, the media has no poster of its own: the image shows.
    expect(video(player)!.getAttribute('poster')).toBeNull();
    Object.defineProperty(image, 'currentSrc', { value: `http://localhost${copy}` });
    await act(async () => {
      fireEvent.load(image);
    });
    expect(video(player)!.getAttribute('poster')).toBe(copy);
    expect(player.querySelector('img[data-player-poster]')).toBeNull();
  });

  it('a wide screen whose image took the full thumbnail gives the media that one', async () => {
    const full = '/media/thumbnails/v1-t1-full.webp';
    const { player } = renderPlayer({ sources: rungs, poster: full });
    const image = player.querySelector<HTMLImageElement>('img[data-player-poster]')!;
    Object.defineProperty(image, 'currentSrc', { value: `http://localhost${full}` });
    await act(async () => {
      fireEvent.load(image);
    });
    expect(video(player)!.getAttribute('poster')).toBe(full);
  });

  it('a poster without copies is the media poster from the start', () => {
    const { player } = renderPlayer({ sources: rungs });
    expect(video(player)!.getAttribute('poster')).toBe('/media/videos/v1/poster.jpg');
    expect(player.querySelector('img[data-player-poster]')).toBeNull();
  });

  it('a failed rung file falls back to the MP4 file, and a failed MP4 file says it cannot be played', async () => {
    const { player, onMediaRefused } = renderPlayer({ sources: rungs });
    const first = video(player)!;
    await act(async () => {
      fireEvent.error(first.querySelector('source')!);
    });
    expect(player.dataset.engine).toBe('mp4');
    const mp4 = video(player)!;
    expect(mp4.getAttribute('src')).toBe('/media/videos/v1/video.mp4');
    expect(mp4.querySelector('source')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      fireEvent.error(mp4);
    });
    expect(screen.getByRole('alert').textContent).toBe('This video cannot be played right now.');
    expect(onMediaRefused).not.toHaveBeenCalled();
  });

  it('a refused exclusive file (a token in its URL) asks for new URLs instead of falling back', async () => {
    const tokenized = rungs.map((rung) => ({ ...rung, url: rung.url.replace('/media/', '/media/t/tok123/') }));
    const { player, onMediaRefused } = renderPlayer({ sources: tokenized });
    const element = video(player)!;
    Object.defineProperty(element, 'currentSrc', { value: `http://localhost${tokenized[0]!.url}` });
    await act(async () => {
      fireEvent.error(element.querySelector('source')!);
    });
    expect(onMediaRefused).toHaveBeenCalledTimes(1);
    expect(player.dataset.engine).toBe('progressive');
  });
});
