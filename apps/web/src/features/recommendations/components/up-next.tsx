import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { ListedVideoCard, watchHref } from '@/components/video-card';
import { useUpNext } from '../api/get-up-next';

const AUTOPLAY_KEY = 'streamhub.autoplayNext';

/** Autoplay of the next video: off unless the viewer turned it on, remembered in this browser. */
function useAutoplaySetting() {
  // Read after hydration: the server's HTML (which knows no localStorage) shows it off.
  const [on, setOn] = useState(false);
  useEffect(() => {
    try {
      setOn(localStorage.getItem(AUTOPLAY_KEY) === 'on');
    } catch {
      // No storage: off.
    }
  }, []);
  const change = (next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(AUTOPLAY_KEY, next ? 'on' : 'off');
    } catch {
      // Private mode without storage: the setting lasts for this page only.
    }
  };
  return [on, change] as const;
}

/**
 * "Up next" under the spec's More videos (API.md §14): co-watched videos, then the channel's,
 * then trending. With autoplay on, the first one opens when the video ends.
 */
export function UpNext({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const upNext = useUpNext(videoId);
  const navigate = useNavigate();
  const [autoplay, setAutoplay] = useAutoplaySetting();
  const next = upNext.data?.[0]?._id;

  useEffect(() => {
    if (!autoplay || !next) return;
    // `ended` does not bubble: heard on the way down, from whichever player element plays.
    const onEnded = (event: Event) => {
      if (event.target instanceof HTMLMediaElement) void navigate(watchHref(next));
    };
    document.addEventListener('ended', onEnded, true);
    return () => document.removeEventListener('ended', onEnded, true);
  }, [autoplay, next, navigate]);

  return (
    <section aria-labelledby="up-next-title" aria-busy={upNext.isLoading} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="up-next-title" className="text-lg font-semibold">
          {t('upNext.title')}
        </h2>
        <label className="flex items-center gap-2 text-sm text-muted">
          <input type="checkbox" checked={autoplay} onChange={(e) => setAutoplay(e.target.checked)} />
          {t('upNext.autoplay')}
        </label>
      </div>
      {upNext.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="h-4 w-4 border-2" />
          {t('upNext.loading')}
        </p>
      ) : upNext.isError || upNext.data.length === 0 ? (
        <p className="text-sm text-muted">{t('upNext.empty')}</p>
      ) : (
        <ul aria-label={t('upNext.title')} className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-1">
          {upNext.data.map((video) => (
            <li key={video._id}>
              <ListedVideoCard video={video} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
