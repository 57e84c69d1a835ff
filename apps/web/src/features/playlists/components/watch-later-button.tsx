import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { CheckIcon, HistoryIcon } from '@/components/ui/icons';
import { errorText } from '@/lib/api-client';
import { toastError } from '@/lib/toast';
import { useSetWatchLater, useWatchLater } from '../api/watch-later';

/** The watch page's 'Watch later' toggle (signed in): saves the video to, or takes it out of, the viewer's Watch later list. */
export function WatchLaterButton({ videoId }: { videoId: string }) {
  const { t } = useTranslation();
  const list = useWatchLater();
  const toggle = useSetWatchLater(videoId);
  const saved = Boolean(list.data?.videos.some((v) => v._id === videoId));
  return (
    <Button
      variant="secondary"
      aria-pressed={saved}
      disabled={list.isPending || toggle.isPending}
      onClick={() =>
        toggle.mutate(!saved, {
          onError: (e) => {
            console.error('Could not change Watch later', e);
            toastError(errorText(e, t('playlists.error')));
          },
        })
      }
    >
      {saved ? <CheckIcon /> : <HistoryIcon />}
      {t('watchLater.button')}
    </Button>
  );
}
