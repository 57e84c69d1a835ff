import { PurchaseHistoryView } from '@/features/purchases/components/purchase-history-view';

/** /purchases: 'Purchase History' (SPEC §2). */
export function PurchasesPage() {
  return (
    <section aria-labelledby="purchases-title" className="mx-auto flex max-w-4xl flex-col gap-6">
      <title>Purchase History · StreamHub</title>
      <h1 id="purchases-title" className="text-2xl font-bold">
        Purchase History
      </h1>
      <PurchaseHistoryView />
    </section>
  );
}
