import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
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
  const { t } = useTranslation();
  const action = useUserAction();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        {t('suspendUser.button')}
      </Button>
      <ReasonDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) action.reset();
        }}
        title={t('suspendUser.title', { username })}
        description={t('suspendUser.description')}
        confirmLabel={t('suspendUser.confirm')}
        required
        pending={action.isPending}
        error={action.error ? errorText(action.error, t('suspendUser.failed')) : null}
        onConfirm={(reason) =>
          action.mutate(
            { userId, action: 'suspend', reason },
            {
              onSuccess: () => {
                setOpen(false);
                toastSuccess(t('suspendUser.done', { username }));
              },
            },
          )
        }
      />
    </>
  );
}
