import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { errorText } from '@/lib/api-client';
import { toastError } from '@/lib/toast';
import { useSetWatchLater } from '../api/watch-later';

/** Takes one video out of the Watch later page's list. */
export function RemoveWatchLaterButton({ videoId, title }: { videoId: string; title: string }) {
  const remove = useSetWatchLater(videoId);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Remove ${title} from Watch later`}
      disabled={remove.isPending}
      onClick={() =>
        remove.mutate(false, {
          onError: (e) => {
            console.error('Could not remove the video from Watch later', e);
            toastError(errorText(e, 'Error'));
          },
        })
      }
    >
      <CloseIcon />
    </Button>
  );
}
