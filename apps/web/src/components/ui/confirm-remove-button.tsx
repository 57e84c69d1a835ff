import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CloseIcon } from '@/components/ui/icons';

/** A card's × button that removes it from a list after a confirmation (watch history, liked videos). */
export function ConfirmRemoveButton({
  label,
  title,
  description,
  pending,
  onConfirm,
}: {
  /** The button's accessible name ("Remove <video> from watch history"). */
  label: string;
  title: string;
  description: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={label} disabled={pending} onClick={() => setConfirming(true)}>
        <CloseIcon />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={title}
        description={description}
        onConfirm={onConfirm}
      />
    </>
  );
}
