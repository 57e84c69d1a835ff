import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';

/** What the purchases service asks a provider to collect. Amounts are integer minor units. */
export interface Charge {
  purchaseId: string;
  buyerId: string;
  amountMinor: number;
  /** What the buyer sees on the provider's page or statement. */
  description: string;
}

/**
 * A provider's answer to a charge: collected at once (`settled`), refused (`failed`), or waiting
 * for the buyer on the provider's hosted checkout page (`pending`; a signed webhook settles it).
 */
export type ChargeOutcome =
  | { status: 'settled'; reference: string }
  | { status: 'failed'; reason: string }
  | { status: 'pending'; reference: string; redirectUrl: string };

/** A verified webhook: the provider settled or failed one of our purchases. */
export interface WebhookEvent {
  purchaseId: string;
  status: 'settled' | 'failed';
  reference: string;
  reason?: string;
}

/**
 * What the provider knows of the charge made under a purchase id: collected and kept
 * (`settled`), refused (`failed`), waiting for the buyer (`pending`), collected and given back
 * (`refunded`), or never asked (`unknown`: nothing was charged).
 */
export type ChargeState =
  | { status: 'settled'; reference: string }
  | { status: 'failed'; reason: string }
  | { status: 'pending'; reference: string }
  | { status: 'refunded'; reference: string }
  | { status: 'unknown' };

/**
 * A payment provider, the only part that knows how money moves. The purchase id is the
 * provider's idempotency key, so a retried charge never collects twice.
 */
export interface PaymentProvider {
  readonly name: string;
  charge(charge: Charge): Promise<ChargeOutcome>;
  /** Verifies a webhook's signature and reads it; null when it is not a valid event of this provider. */
  readWebhook(headers: Record<string, string | string[] | undefined>, body: Buffer): WebhookEvent | null;
  /**
   * Gives the money back (a purchase refunded, or one that could not settle after the charge).
   * `idempotencyKey` is the purchase id: asked again (a retry, a redelivery), the provider refunds
   * once.
   */
  refund(reference: string, amountMinor: number, idempotencyKey: string): Promise<void>;
  /**
   * Asks the provider about the charge made under this purchase id, so a purchase left pending
   * (a crash between the charge and settling) is resolved by what really happened (recovery).
   */
  lookup(purchaseId: string): Promise<ChargeState>;
}

/**
 * The embedded default: every charge settles at once; no webhooks. It keeps its own books in
 * `test_payments`, as a real provider does on its side (written on their own, never in one of our
 * transactions): a charge is recorded once per purchase id (a repeat answers the first outcome),
 * a refund marks it refunded, and `lookup` reads it, so recovery after a crash and `ledger:check`
 * can ask it what it collected.
 */
export function createTestProvider(db: Db): PaymentProvider {
  const reference = (purchaseId: string) => `test_${purchaseId}`;
  return {
    name: 'test',
    async charge(charge) {
      await db
        .insertInto('test_payments')
        .values({
          purchase_id: charge.purchaseId,
          reference: reference(charge.purchaseId),
          amount_minor: charge.amountMinor,
          status: 'settled',
        })
        .onConflict((oc) => oc.column('purchase_id').doNothing())
        .execute();
      return { status: 'settled', reference: reference(charge.purchaseId) };
    },
    readWebhook() {
      return null;
    },
    async refund(ref) {
      await db
        .updateTable('test_payments')
        .set({ status: 'refunded', refunded_at: sql<Date>`now()` })
        .where('reference', '=', ref)
        .where('status', '=', 'settled')
        .execute();
    },
    async lookup(purchaseId) {
      const row = await db
        .selectFrom('test_payments')
        .select(['reference', 'status'])
        .where('purchase_id', '=', purchaseId)
        .executeTakeFirst();
      return row ? { status: row.status, reference: row.reference } : { status: 'unknown' };
    },
  };
}

export function createPaymentProvider(config: Pick<Config, 'paymentProvider'>, db: Db): PaymentProvider {
  switch (config.paymentProvider) {
    case 'test':
      return createTestProvider(db);
  }
}
