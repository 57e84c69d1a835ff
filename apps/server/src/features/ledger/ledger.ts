import type { LedgerAccount } from '../../db/schema.ts';

/**
 * The double-entry bookkeeping of a sale, pure. Amounts are integer minor units; debits are
 * positive, credits negative, and the lines of one entry sum to zero.
 *
 * - `buyer_payments` (debit, per buyer): what the payment provider collected from the buyer.
 * - `creator_earnings` (credit, per creator): what the platform owes the creator.
 * - `platform_revenue` (credit): the platform's fee on a creator's sale, or the whole amount of
 *   the platform's own items (upload slots).
 */
export interface JournalLine {
  account: LedgerAccount;
  /** The buyer or creator the line belongs to; null for the platform. */
  userId: string | null;
  amountMinor: number;
}

/** The platform's fee on a creator's sale: `percent` of the amount, rounded to the nearest minor unit (half up). */
export function platformFee(amountMinor: number, percent: number): number {
  return Math.round((amountMinor * percent) / 100);
}

/** The journal lines of one settled sale; a seller of null is the platform itself. */
export function saleJournal(sale: {
  amountMinor: number;
  buyerId: string;
  sellerId: string | null;
  feePercent: number;
}): JournalLine[] {
  const { amountMinor, buyerId, sellerId, feePercent } = sale;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new Error(`A sale needs a positive amount in minor units: ${amountMinor}`);
  const fee = sellerId === null ? amountMinor : platformFee(amountMinor, feePercent);
  const lines: JournalLine[] = [
    { account: 'buyer_payments', userId: buyerId, amountMinor },
    { account: 'creator_earnings', userId: sellerId, amountMinor: -(amountMinor - fee) },
    { account: 'platform_revenue', userId: null, amountMinor: -fee },
  ];
  // A zero line says nothing (a 0 % or 100 % fee); the database refuses them.
  return lines.filter((l) => l.amountMinor !== 0);
}

/**
 * The journal lines of a refund: the sale's lines reversed, so the buyer's payment, the
 * creator's earnings and the platform's fee all go back exactly as they came.
 */
export function refundJournal(saleLines: readonly JournalLine[]): JournalLine[] {
  if (saleLines.length === 0) throw new Error('A refund reverses a sale, and this purchase has none');
  return saleLines.map((l) => ({ account: l.account, userId: l.userId, amountMinor: -l.amountMinor }));
}
