import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastSuccess } from '@/lib/toast';
import { useToggleSubscription } from '../api/toggle-subscription';

type SubscribeButtonProps = {
  channelId: string;
  subscribed: boolean;
  /** Called with the state the server confirmed; the page adjusts the subscriber count. */
  onSubscribedChange: (subscribed: boolean) => void;
};

/** Subscribe / Subscribed toggle; unsubscribing asks first (SPEC §4). */
export function SubscribeButton({ channelId, subscribed, onSubscribedChange }: SubscribeButtonProps) {
  const toggle = useToggleSubscription();
  const [confirming, setConfirming] = useState(false);

  function runToggle() {
    toggle.mutate(channelId, {
      onSuccess: (subscription) => {
        const nowSubscribed = subscription !== null;
        onSubscribedChange(nowSubscribed);
        if (!nowSubscribed) toastSuccess('Unsubscribed!');
      },
    });
  }

  return (
    <>
      <Button
        variant={subscribed ? 'secondary' : 'light'}
        disabled={toggle.isPending}
        onClick={() => (subscribed ? setConfirming(true) : runToggle())}
      >
        {subscribed ? 'Subscribed' : 'Subscribe'}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Unsubscribe?"
        description="Are you sure you want to unsubscribe from this channel?"
        onConfirm={runToggle}
      />
    </>
  );
}
