import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { StaticHandlerContext } from 'react-router';
import type { WatchVideo } from '@streamhub/contract';
import { ApiError } from '@/lib/api-client';
import { watchKeys } from '@/lib/query-keys';
import { createI18n } from '@/i18n';
import { en } from '@/i18n/en';
import { fr } from '@/i18n/fr';
import { headTags, pageHead } from './page-head';

const t = createI18n('en', en).getFixedT('en');

const origin = 'https://videos.example.com';
const watchPage = (videoId: string) =>
  ({
    matches: [{ route: { path: '/video/watch/:videoId' }, params: { videoId } }],
    location: { pathname: `/video/watch/${videoId}` },
  }) as unknown as StaticHandlerContext;
const video = (patch: Partial<WatchVideo>) =>
  ({
    title: 'Harbour <at> dawn',
    description: 'Boats "leaving"\nat first light.',
    thumbnail: '/media/thumbnails/v1.webp',
    videoFile: '/media/videos/v1/video.mp4',
    isExclusive: false,
    ...patch,
  }) as WatchVideo;

describe('pageHead', () => {
  it("writes a public video's title, description, og:video and oEmbed link on absolute URLs, escaped", () => {
    const client = new QueryClient();
    client.setQueryData(watchKeys.video('v1'), video({}));
    const tags = headTags(pageHead({ context: watchPage('v1'), client, origin, t }));
    expect(tags).toContain('<title>Harbour &#60;at&#62; dawn · StreamHub</title>');
    expect(tags).toContain('<meta name="description" content="Boats &#34;leaving&#34; at first light.">');
    expect(tags).toContain('<meta property="og:title" content="Harbour &#60;at&#62; dawn">');
    expect(tags).toContain('<meta property="og:type" content="video.other">');
    expect(tags).toContain('<meta property="og:image" content="https://videos.example.com/media/thumbnails/v1.webp">');
    expect(tags).toContain('<meta property="og:video" content="https://videos.example.com/media/videos/v1/video.mp4">');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(tags).toContain('<link rel="canonical" href="https://videos.example.com/video/watch/v1">');
    expect(tags).toContain(
      '<link rel="alternate" type="application/json+oembed" href="https://videos.example.com/api/oembed?url=https%3A%2F%2Fvideos.example.com%2Fvideo%2Fwatch%2Fv1"',
    );
  });

  it("marks an unlisted or private video's page noindex, and leaves a public one indexable", () => {
    const client = new QueryClient();
    client.setQueryData(watchKeys.video('u1'), video({ visibility: 'unlisted' }));
    client.setQueryData(watchKeys.video('p1'), video({ visibility: 'private' }));
    client.setQueryData(watchKeys.video('o1'), video({ visibility: 'public' }));
    const robots = '<meta name="robots" content="noindex">';
    expect(headTags(pageHead({ context: watchPage('u1'), client, origin, t }))).toContain(robots);
    expect(headTags(pageHead({ context: watchPage('p1'), client, origin, t }))).toContain(robots);
    expect(headTags(pageHead({ context: watchPage('o1'), client, origin, t }))).not.toContain('robots');
  });

  it('names no media and no oEmbed for an exclusive video, and marks a missing one for a 404', () => {
    const client = new QueryClient();
    client.setQueryData(watchKeys.video('v2'), video({ isExclusive: true, videoFile: '/media/t/tok/videos/v2/video.mp4' }));
    const tags = headTags(pageHead({ context: watchPage('v2'), client, origin, t }));
    expect(tags).not.toContain('og:video');
    expect(tags).not.toContain('/media/t/');
    expect(tags).not.toContain('oembed');

    const missing = new QueryClient();
    missing
      .getQueryCache()
      .build(missing, { queryKey: watchKeys.video('v3') })
      .setState({
        status: 'error',
        error: new ApiError({ status: 404, message: 'Video not found' }),
      });
    expect(pageHead({ context: watchPage('v3'), client: missing, origin, t }).status).toBe(404);
  });

  it('marks a removed video for a 410 and says why, as its watch call does', () => {
    const removed = new QueryClient();
    removed
      .getQueryCache()
      .build(removed, { queryKey: watchKeys.video('v4') })
      .setState({ status: 'error', error: new ApiError({ status: 410, message: 'This video was removed: Spam' }) });
    const head = pageHead({ context: watchPage('v4'), client: removed, origin, t });
    expect(head.status).toBe(410);
    expect(head.description).toBe('This video was removed: Spam');
    expect(headTags(head)).toContain('This video was removed: Spam');
  });

  it("titles the page in the page's language, as its own components title the document", () => {
    const inFrench = createI18n('fr', fr).getFixedT('fr');
    const signIn = (search: string) =>
      ({
        matches: [{ route: { index: true }, params: {} }],
        location: { pathname: '/', search },
      }) as unknown as StaticHandlerContext;
    const client = new QueryClient();
    expect(pageHead({ context: signIn(''), client, origin, t: inFrench }).title).toBe(fr['signIn.documentTitle']);
    expect(pageHead({ context: signIn('?view=register'), client, origin, t: inFrench }).title).toBe(fr['signUp.documentTitle']);
    expect(pageHead({ context: signIn(''), client, origin, t }).title).toBe('Sign In · StreamHub');
    expect(pageHead({ context: watchPage('v5'), client, origin, t: inFrench }).title).toBe(
      fr['watchPage.unavailableDocumentTitle'],
    );
    expect(fr['signIn.documentTitle']).not.toBe(en['signIn.documentTitle']);
  });
});
