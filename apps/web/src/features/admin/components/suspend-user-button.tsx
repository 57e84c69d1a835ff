import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { errorText } from '@/lib/api-client';
import { toastSuccess } from '@/lib/toast';
import { useUserAction } from '../api/user-actions';

/**
 * 'Suspend' with its reason dialog (API.md §12): the account's sessions end, login answers 403
 * with the reason, its content is hidden. Used on the users page and on a reported channel.
 */
export function SuspendUserButton({ userId, username }: { userId: string; username: string }) {
  const action = useUserAction();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        Suspend account
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) action.reset();
        }}
        title={`Suspend @${username}?`}
        description="Their sessions end at once, they cannot sign in and their content is hidden until they are unsuspended."
        confirmLabel="Suspend"
        required
        pending={action.isPending}
        error={action.error ? errorText(action.error, 'The account could not be suspended.') : null}
        onConfirm={(reason) =>
          action.mutate(
            { userId, action: 'suspend', reason },
            {
              onSuccess: () => {
                setOpen(false);
                toastSuccess(`@${username} suspended`);
              },
            },
          )
        }
      />
    </>
  );
}
