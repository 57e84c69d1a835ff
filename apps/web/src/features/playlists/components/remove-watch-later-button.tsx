import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { errorText } from '@/lib/api-client';
import { toastError } from '@/lib/toast';
import { useSetWatchLater } from '../api/watch-later';

/** Takes one video out of the Watch later page's list. */
export function RemoveWatchLaterButton({ videoId, title }: { videoId: string; title: string }) {
  const { t } = useTranslation();
  const remove = useSetWatchLater(videoId);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('watchLater.remove', { title })}
      disabled={remove.isPending}
      onClick={() =>
        remove.mutate(false, {
          onError: (e) => {
            console.error('Could not remove the video from Watch later', e);
            toastError(errorText(e, t('playlists.error')));
          },
        })
      }
    >
      <CloseIcon />
    </Button>
  );
}
