import type { LoaderContext, XhrLoader } from 'hls.js';
import type { WarmMedia } from './warm-start';

type Take = (url: string) => Promise<WarmMedia | null> | undefined;

/**
 * hls.js's own loader, answering from the warm start's responses first: the master playlist, the
 * first rung's playlist, init section and first segment fetched before hls.js existed. Each is used
 * once; anything else (and a warm request that failed) goes to the network as usual. The timings
 * are the real request's, so hls.js's bandwidth estimate stays true.
 */
export function withWarmResponses(Base: typeof XhrLoader, take: Take): typeof XhrLoader {
  return class WarmLoader extends Base {
    private cancelled = false;

    protected override loadInternal(): void {
      const context = this.context as LoaderContext | null;
      // Whole files only: hls.js asks for a byte range when rangeEnd is set (fragments carry 0 and 0 otherwise).
      const warm = context && !context.rangeEnd ? take(context.url) : undefined;
      if (!context || !warm) return super.loadInternal();
      void warm.then((media) => {
        if (this.cancelled || !this.callbacks || this.context !== context) return;
        if (!media) return super.loadInternal();
        // As hls.js's XhrLoader reports a finished request: stats, then progress (fragments are
        // handed to the transmuxer there), then success.
        const stats = this.stats;
        stats.loading = { start: media.start, first: media.first, end: Math.max(media.end, media.first + 1) };
        stats.loaded = stats.total = media.data.byteLength;
        stats.bwEstimate = (stats.total * 8000) / (stats.loading.end - stats.loading.first);
        const data = context.responseType === 'arraybuffer' ? media.data : new TextDecoder().decode(media.data);
        this.callbacks.onProgress?.(stats, context, data, null);
        if (this.cancelled || !this.callbacks) return;
        this.callbacks.onSuccess({ url: context.url, data, code: 200 }, stats, context, null);
      });
    }

    protected override abortInternal(): void {
      this.cancelled = true;
      super.abortInternal();
    }
  };
}
