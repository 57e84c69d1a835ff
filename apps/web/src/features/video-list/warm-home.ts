import { sendWarmCall } from '@/lib/warm-calls';
import { FIRST_SCREEN_CARDS } from '@streamhub/contract/first-paint';

/** The call the home grid makes for /home without filters (app/warm-start.test.ts keeps them equal). */
export const HOME_FIRST_PAGE = '/api/video?page=1';

/**
 * The home grid's warm start (app/warm-start-entry.ts runs it for a signed-in visitor before the
 * app's code has loaded): on /home it asks for the first page of videos and preloads the first
 * cards' thumbnails, so the grid paints as soon as the app renders it instead of one request and
 * one image load later. The server has usually painted and preloaded those thumbnails with the
 * HTML already (apps/server plugins/web-app.ts); the browser then finds them loaded.
 */
export function startWarmHome(): void {
  if (!/^\/home\/?$/.test(location.pathname) || location.search) return;
  void sendWarmCall(HOME_FIRST_PAGE)
    .then(async (response) => {
      if (!response.ok) return;
      const body = (await response.clone().json()) as { data?: { videos?: Array<{ thumbnail?: unknown }> } };
      const videos = Array.isArray(body.data?.videos) ? body.data.videos : [];
      for (const { thumbnail } of videos.slice(0, FIRST_SCREEN_CARDS)) {
        if (typeof thumbnail !== 'string' || !/^(?:\/|https?:)/.test(thumbnail)) continue;
        const link = document.createElement('link');
        link.rel = 'preload';
        link.as = 'image';
        link.href = thumbnail;
        link.fetchPriority = 'high';
        document.head.append(link);
      }
    })
    .catch(() => undefined);
}
