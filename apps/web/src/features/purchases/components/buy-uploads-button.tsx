import { useTranslation } from '@/i18n/use-translation';
import { UPLOAD_SLOTS_PER_PURCHASE, UPLOAD_SLOTS_PRICE } from '@streamhub/contract';
import { useBuyUploads } from '../api/buy-uploads';
import { formatAmount } from '../money';
import { PurchaseButton } from './purchase-button';

/** 'Buy Uploads' on /videos when the quota is full: 5 more slots for ₹20 (SPEC §4, §9). */
export function BuyUploadsButton() {
  const { t } = useTranslation();
  const purchase = useBuyUploads();
  return (
    <PurchaseButton
      label={t('buyUploads.label')}
      confirmTitle={t('buyUploads.confirmTitle')}
      confirmText={t('buyUploads.confirmText', {
        slots: UPLOAD_SLOTS_PER_PURCHASE,
        price: formatAmount(UPLOAD_SLOTS_PRICE, '₹'),
      })}
      successText={t('buyUploads.success')}
      purchase={purchase}
    />
  );
}
