import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CloseIcon } from '@/components/ui/icons';
import { useRemoveHistoryEntry } from '../api/remove-history-entry';

/** Remove a watch history entry after 'Remove Video?' (SPEC §8; cannot be undone). */
export function RemoveHistoryButton({ entryId, title }: { entryId: string; title: string }) {
  const remove = useRemoveHistoryEntry();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Remove ${title} from watch history`}
        disabled={remove.isPending}
        onClick={() => setConfirming(true)}
      >
        <CloseIcon />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove Video?"
        description="This action cannot be undone."
        onConfirm={() => remove.mutate(entryId)}
      />
    </>
  );
}
