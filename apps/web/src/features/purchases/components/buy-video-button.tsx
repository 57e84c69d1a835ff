import { useBuyVideo } from '../api/buy-video';
import { formatAmount } from '../money';
import { PurchaseButton } from './purchase-button';

type BuyVideoButtonProps = { videoId: string; title: string; price: number; onPurchased: () => void };

/** SPEC §9: the button shows '$', the confirmation '₹'. */
export function BuyVideoButton({ videoId, title, price, onPurchased }: BuyVideoButtonProps) {
  const purchase = useBuyVideo(videoId);
  return (
    <PurchaseButton
      label={`Buy for ${formatAmount(price)}`}
      confirmTitle="Buy Video?"
      confirmText={`Buy "${title}" for ${formatAmount(price, '₹')}?`}
      successText="Video purchased successfully"
      purchase={purchase}
      onPurchased={onPurchased}
    />
  );
}
