import { useTranslation } from '@/i18n/use-translation';
import { PurchaseHistoryView } from '@/features/purchases/components/purchase-history-view';

/** /purchases: 'Purchase History' (SPEC §2). */
export function PurchasesPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="purchases-title" className="mx-auto flex max-w-4xl flex-col gap-6">
      <title>{`${t('purchasesPage.title')} · StreamHub`}</title>
      <h1 id="purchases-title" className="text-2xl font-bold">
        {t('purchasesPage.title')}
      </h1>
      <PurchaseHistoryView />
    </section>
  );
}
