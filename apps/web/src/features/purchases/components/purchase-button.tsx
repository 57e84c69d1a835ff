import { useTranslation } from '@/i18n/use-translation';
import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorText } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { newIdempotencyKey } from '../idempotency-key';
import type { BuyAnswer } from '../buy';

/** Only an http(s) address is followed, never `javascript:` or similar. */
function checkoutUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

type PurchaseButtonProps = {
  label: string;
  /** Accessible name when the label alone is ambiguous (e.g. which playlist). */
  ariaLabel?: string;
  confirmTitle: string;
  confirmText: string;
  successText: string;
  purchase: UseMutationResult<BuyAnswer, Error, string>;
  /** After a purchase, or when the server says it was bought already (409). */
  onPurchased?: () => void;
  variant?: ButtonVariant;
};

/** A buy button that asks first (SPEC §8: Yes/No) and sends one idempotency key per confirmed click. */
export function PurchaseButton({
  label,
  ariaLabel,
  confirmTitle,
  confirmText,
  successText,
  purchase,
  onPurchased,
  variant = 'primary',
}: PurchaseButtonProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);

  function confirm() {
    purchase.mutate(newIdempotencyKey(), {
      onSuccess: (record) => {
        // A provider that settles later: the buyer pays on its checkout page first (API.md §20).
        const checkout = record && 'checkoutUrl' in record ? checkoutUrl(record.checkoutUrl) : null;
        if (checkout) return window.location.assign(checkout);
        toastSuccess(successText);
        onPurchased?.();
      },
      onError: (error) => {
        console.error('Purchase failed', error);
        if (error instanceof ApiError && error.status === 409) return onPurchased?.();
        toastError(errorText(error, t('purchase.failed')));
      },
    });
  }

  const buying = purchase.isPending;
  return (
    <>
      <Button variant={variant} aria-label={ariaLabel} aria-busy={buying} disabled={buying} onClick={() => setConfirming(true)}>
        {buying ? <Spinner className="h-4 w-4 border-2" /> : null}
        {buying ? t('purchase.buying') : label}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={confirmTitle}
        description={confirmText}
        onConfirm={confirm}
        confirmLabel={t('purchase.yes')}
        cancelLabel={t('purchase.no')}
      />
    </>
  );
}
