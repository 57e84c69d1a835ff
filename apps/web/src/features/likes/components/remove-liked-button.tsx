import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CloseIcon } from '@/components/ui/icons';
import { useRemoveLikedVideo } from '../api/remove-liked-video';

/** Remove from Liked Videos after 'Remove Liked Video?' (SPEC §8). */
export function RemoveLikedButton({ videoId, title }: { videoId: string; title: string }) {
  const remove = useRemoveLikedVideo();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Remove ${title} from liked videos`}
        disabled={remove.isPending}
        onClick={() => setConfirming(true)}
      >
        <CloseIcon />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove Liked Video?"
        description="The video will be removed from your liked videos."
        onConfirm={() => remove.mutate(videoId)}
      />
    </>
  );
}
