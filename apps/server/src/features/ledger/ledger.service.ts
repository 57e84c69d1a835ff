import { toAmount, type Earnings } from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import { createLedgerRepo } from './ledger.repo.ts';
import { refundJournal, saleJournal } from './ledger.ts';

/**
 * The journal of every settled purchase and every refund (append-only, balanced), what creators
 * earned from it, and the check that the books are right (`npm run ledger:check`).
 */
export function createLedgerService({ db, feePercent }: { db: Db; feePercent: number }) {
  const repo = createLedgerRepo(db);

  return {
    /** The part that writes, inside the settling transaction (unit of work). */
    on(q: Db) {
      const r = q === db ? repo : createLedgerRepo(q);
      return {
        /** Writes the balanced journal of a settled sale; a seller of null is the platform. */
        recordSale: (purchaseId: string, sale: { amountMinor: number; buyerId: string; sellerId: string | null }) =>
          r.record(purchaseId, saleJournal({ ...sale, feePercent })),
        /**
         * Writes the refund of a purchase: its sale's lines reversed (whatever fee applied then),
         * once; a second refund entry of the purchase is refused by the database.
         */
        recordRefund: async (purchaseId: string) => r.record(purchaseId, refundJournal(await r.saleLines(purchaseId)), 'refund'),
        /** A dispute opened: the sale reversed, as a refund is (once per purchase). */
        recordDispute: async (purchaseId: string) =>
          r.record(purchaseId, refundJournal(await r.saleLines(purchaseId)), 'dispute'),
        /** A dispute won: the sale's lines booked again (once per purchase). */
        recordDisputeWon: async (purchaseId: string) => r.record(purchaseId, await r.saleLines(purchaseId), 'dispute_won'),
      };
    },

    /** What the viewer earned as a creator, after the platform fee: total, last 30 days, per item. */
    async earnings(viewer: Viewer): Promise<Earnings> {
      const [totals, items] = await Promise.all([repo.earningTotals(viewer._id), repo.earningsPerItem(viewer._id)]);
      return {
        total: toAmount(Number(totals.total)),
        last30Days: toAmount(Number(totals.last_30_days)),
        sales: Number(totals.sales),
        items: items.map((i) => ({
          kind: i.kind === 'playlist' ? 'playlist' : 'video',
          _id: i.item_id,
          title: i.title,
          sales: Number(i.sales),
          amount: toAmount(Number(i.amount)),
          lastSaleAt: new Date(i.last_sale_at).toISOString(),
        })),
      };
    },

    /** Sentences describing everything wrong with the books; empty when they are right. */
    problems: () => repo.problems(),
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
