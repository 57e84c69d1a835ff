import { UPLOAD_SLOTS_PER_PURCHASE, UPLOAD_SLOTS_PRICE } from '@streamhub/contract';
import { useBuyUploads } from '../api/buy-uploads';
import { formatAmount } from '../money';
import { PurchaseButton } from './purchase-button';

/** 'Buy Uploads' on /videos when the quota is full: 5 more slots for ₹20 (SPEC §4, §9). */
export function BuyUploadsButton() {
  const purchase = useBuyUploads();
  return (
    <PurchaseButton
      label="Buy Uploads"
      confirmTitle="Buy Uploads?"
      confirmText={`Extra uploads: ${UPLOAD_SLOTS_PER_PURCHASE} more slots for ${formatAmount(UPLOAD_SLOTS_PRICE, '₹')}.`}
      successText="Extra upload slots bought successfully!!"
      purchase={purchase}
    />
  );
}
