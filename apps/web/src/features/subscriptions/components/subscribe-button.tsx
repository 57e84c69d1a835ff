import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToggleSubscription } from '../api/toggle-subscription';

type SubscribeButtonProps = {
  channelId: string;
  /** From the cached answer that shows the channel (watched video, channel profile, subscriptions list). */
  subscribed: boolean;
  /** The label while subscribed: 'Subscribed' on a channel, 'Unsubscribe' on /subscriptions. */
  subscribedLabel?: string;
  className?: string;
};

/** Subscribe / Subscribed toggle; unsubscribing asks first (SPEC §4). The counts follow in the cache. */
export function SubscribeButton({ channelId, subscribed, subscribedLabel, className }: SubscribeButtonProps) {
  const { t } = useTranslation();
  const toggle = useToggleSubscription();
  const [confirming, setConfirming] = useState(false);
  const pending = toggle.isPending;

  return (
    <>
      <Button
        variant={subscribed ? 'secondary' : 'light'}
        className={className}
        // Not `disabled`: the button keeps keyboard focus while the call is on its way.
        aria-disabled={pending || undefined}
        onClick={() => {
          if (pending) return;
          if (subscribed) setConfirming(true);
          else toggle.mutate({ channelId, subscribe: true });
        }}
      >
        {subscribed ? (subscribedLabel ?? t('subscribeButton.subscribed')) : t('subscribeButton.subscribe')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('subscribeButton.confirmTitle')}
        description={t('subscribeButton.confirmText')}
        onConfirm={() => toggle.mutate({ channelId, subscribe: false })}
      />
    </>
  );
}
