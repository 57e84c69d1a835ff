import { useTranslation } from '@/i18n/use-translation';
import { useBuyVideo } from '../api/buy-video';
import { formatAmount } from '../money';
import { PurchaseButton } from './purchase-button';

type BuyVideoButtonProps = { videoId: string; title: string; price: number; onPurchased: () => void };

/** SPEC §9: the button shows '$', the confirmation '₹'. */
export function BuyVideoButton({ videoId, title, price, onPurchased }: BuyVideoButtonProps) {
  const { t } = useTranslation();
  const purchase = useBuyVideo(videoId);
  return (
    <PurchaseButton
      label={t('buyVideo.label', { price: formatAmount(price) })}
      confirmTitle={t('buyVideo.confirmTitle')}
      confirmText={t('buyVideo.confirmText', { title, price: formatAmount(price, '₹') })}
      successText={t('buyVideo.success')}
      purchase={purchase}
      onPurchased={onPurchased}
    />
  );
}
