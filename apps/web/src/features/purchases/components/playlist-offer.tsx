import { useTranslation } from '@/i18n/use-translation';
import { useBuyPlaylist } from '../api/buy-playlist';
import { formatAmount } from '../money';
import { PurchaseButton } from './purchase-button';

type PlaylistOfferProps = { playlist: { _id: string; name: string; price: number } };

/** SPEC §2: a non-owner without access sees an 'Exclusive playlist' badge with its price and Buy. */
export function PlaylistOffer({ playlist }: PlaylistOfferProps) {
  const { t } = useTranslation();
  const purchase = useBuyPlaylist(playlist._id);
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded bg-amber-500 px-2 py-0.5 text-xs font-semibold text-black">{t('playlistOffer.badge')}</span>
        <span className="text-lg font-semibold" data-testid="playlist-price">
          {formatAmount(playlist.price)}
        </span>
      </div>
      <p className="text-sm text-zinc-300">{t('playlistOffer.text')}</p>
      <div>
        <PurchaseButton
          label={t('playlistOffer.label', { price: formatAmount(playlist.price) })}
          confirmTitle={t('playlistOffer.confirmTitle')}
          confirmText={t('playlistOffer.confirmText', { name: playlist.name, price: formatAmount(playlist.price) })}
          successText={t('playlistOffer.success')}
          purchase={purchase}
        />
      </div>
    </div>
  );
}
