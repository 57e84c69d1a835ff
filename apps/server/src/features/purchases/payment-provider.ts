import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';

/** What the purchases service asks a provider to collect. Amounts are integer minor units. */
export interface Charge {
  purchaseId: string;
  buyerId: string;
  amountMinor: number;
  /** What the buyer sees on the provider's page or statement. */
  description: string;
  /** The item's page (a path of the app): where a hosted checkout sends the buyer back. */
  returnPath: string;
  /** A membership's first month: a provider with subscriptions bills the next months itself. */
  membershipId?: string;
}

/**
 * A provider's answer to a charge: collected at once (`settled`), refused (`failed`), or waiting
 * for the buyer on the provider's hosted checkout page (`pending`; a signed webhook settles it).
 */
export type ChargeOutcome =
  | { status: 'settled'; reference: string }
  | { status: 'failed'; reason: string }
  | { status: 'pending'; reference: string; redirectUrl: string };

/**
 * A verified webhook event, in our words. `id` is the provider's event id: an event is read
 * once, however often it is delivered. Events may arrive in any order; one that follows a state
 * the purchase has not reached yet waits for it (docs/paid-content.md, "Webhooks").
 *
 * - `payment.settled`: the money arrived; `payment.failed`: the payment was refused;
 *   `payment.expired`: the buyer left the checkout and it expired;
 * - `dispute.opened` / `dispute.won` / `dispute.lost`: the buyer's bank disputed the charge, and
 *   how it ended;
 * - `subscription.renewed` / `subscription.failed` / `subscription.cancelled`: a membership's
 *   next month was paid (`reference`: the provider's invoice), could not be collected, or the
 *   provider ended it. (A membership's first month is a checkout like a purchase's.)
 * - `payout.paid` / `payout.failed`: a payout to a creator's connected account arrived, or came back.
 */
export type ProviderEvent =
  | { id: string; type: 'payment.settled'; purchaseId: string; reference: string; subscription?: string }
  | { id: string; type: 'payment.failed'; purchaseId: string; reason: string }
  | { id: string; type: 'payment.expired'; purchaseId: string }
  | { id: string; type: 'dispute.opened' | 'dispute.won' | 'dispute.lost'; purchaseId: string; reference: string }
  | { id: string; type: 'subscription.renewed'; membershipId: string; reference: string }
  | { id: string; type: 'subscription.failed'; membershipId: string; reason: string }
  | { id: string; type: 'subscription.cancelled'; membershipId: string }
  | { id: string; type: 'payout.paid'; payoutId: string; reference: string }
  | { id: string; type: 'payout.failed'; payoutId: string; reason: string };
export type ProviderEventType = ProviderEvent['type'];
/** A verified event of the provider that concerns none of the above: acknowledged, and nothing done. */
export type IgnoredEvent = { id: string; type: 'ignored' };

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

export type WebhookHeaders = Record<string, string | string[] | undefined>;

/**
 * A payment provider, the only part that knows how money moves. The purchase id is the
 * provider's idempotency key, so a retried charge never collects twice.
 */
export interface PaymentProvider {
  /** Its name, also the last part of its webhook's path (`POST /api/payments/webhook/<name>`). */
  readonly name: string;
  charge(charge: Charge): Promise<ChargeOutcome>;
  /** Verifies a webhook's signature and reads it; null when it is not a valid event of this provider. */
  readWebhook(
    headers: WebhookHeaders,
    body: Buffer,
  ): ProviderEvent | IgnoredEvent | null | Promise<ProviderEvent | IgnoredEvent | null>;
  /**
   * Gives the money back (a purchase refunded, or one that could not settle after the charge).
   * `idempotencyKey` is the purchase id: asked again (a retry, a redelivery), the provider refunds
   * once. Throws when the provider refused or could not be reached (the caller asks again later).
   */
  refund(reference: string, amountMinor: number, idempotencyKey: string): Promise<void>;
  /**
   * Asks the provider about the charge made under this purchase id, so a purchase left pending
   * (a crash between the charge and settling) is resolved by what really happened (recovery).
   */
  lookup(purchaseId: string): Promise<ChargeState>;
  /**
   * A creator connects an account to be paid out to: the provider's onboarding page, and the
   * account's reference (kept; asked again, the same account is continued).
   */
  onboarding(creator: {
    userId: string;
    accountRef: string | null;
    returnPath: string;
  }): Promise<{ url: string; accountRef: string }>;
  /**
   * Sends a payout to a connected account; the payout id is the idempotency key. Paid at once,
   * refused, or on its way (its webhook says how it ended). Throws when it could not be asked.
   */
  payout(p: { payoutId: string; accountRef: string; amountMinor: number; currency: string }): Promise<PayoutOutcome>;
  /**
   * A membership's subscription at the provider (its reference, from the first month's
   * settlement): cancelled at the period's end, or that cancellation undone. Providers without
   * subscriptions have nothing to change.
   */
  cancelAtPeriodEnd?(subscription: string, cancel: boolean): Promise<void>;
  /**
   * A membership's subscription ended now (its paid month was refunded): nothing more is billed.
   * Asked again, or for one that already ended, it succeeds; throws when it could not be asked.
   */
  endSubscription?(subscription: string): Promise<void>;
}

export type PayoutOutcome =
  { status: 'paid'; reference: string } | { status: 'pending'; reference: string } | { status: 'failed'; reason: string };

/** How the `test` provider settles: at once (the default), or later, by its webhook. */
export type TestSettle = 'at-once' | 'later';

/** An event the `test` provider sends (its webhook body), signed in `X-Test-Signature`. */
const TestEvent = z.discriminatedUnion('type', [
  z.object({ id: z.string().min(1).max(255), type: z.literal('payment.settled'), purchaseId: z.uuid(), reference: z.string() }),
  z.object({
    id: z.string().min(1).max(255),
    type: z.literal('payment.failed'),
    purchaseId: z.uuid(),
    reason: z.string().max(500),
  }),
  z.object({ id: z.string().min(1).max(255), type: z.literal('payment.expired'), purchaseId: z.uuid() }),
  z.object({
    id: z.string().min(1).max(255),
    type: z.enum(['dispute.opened', 'dispute.won', 'dispute.lost']),
    purchaseId: z.uuid(),
    reference: z.string(),
  }),
  z.object({
    id: z.string().min(1).max(255),
    type: z.literal('subscription.renewed'),
    membershipId: z.uuid(),
    reference: z.string().min(1).max(200),
  }),
  z.object({
    id: z.string().min(1).max(255),
    type: z.literal('subscription.failed'),
    membershipId: z.uuid(),
    reason: z.string().max(500),
  }),
  z.object({ id: z.string().min(1).max(255), type: z.literal('subscription.cancelled'), membershipId: z.uuid() }),
  z.object({
    id: z.string().min(1).max(255),
    type: z.literal('payout.paid'),
    payoutId: z.uuid(),
    reference: z.string().max(200),
  }),
  z.object({ id: z.string().min(1).max(255), type: z.literal('payout.failed'), payoutId: z.uuid(), reason: z.string().max(500) }),
]);

/** The `test` provider's webhook signature: hex HMAC-SHA256 of the raw body with its secret. */
export const signTestWebhook = (secret: string, body: string | Buffer) => createHmac('sha256', secret).update(body).digest('hex');

export interface TestProvider extends PaymentProvider {
  readonly settle: TestSettle;
  /**
   * Settling at once, it also bills memberships itself, as a real provider's subscriptions do:
   * an active membership whose period ends within the hour is renewed (`renewDueMemberships`).
   * In its late mode renewals arrive by webhook, like every other outcome.
   */
  readonly renewsMemberships: boolean;
  /** Refunds it refuses before it accepts again (tests: "the provider refuses once"). */
  refuseRefunds: number;
  /** Payouts it refuses (the bank account rejected them) before it pays again. */
  failPayouts: number;
  /**
   * What the provider does on its side and then tells us: records it in its books and answers
   * the signed webhook to deliver (as often and in whatever order a test likes).
   */
  emit(event: ProviderEvent): Promise<{ headers: Record<string, string>; payload: string }>;
}

/**
 * The embedded default. `at-once` (PAYMENT_TEST_SETTLE, the default): every charge settles at
 * once, as the spec's flows expect. `later`: every charge waits, as on a hosted checkout page;
 * the buyer is sent straight back to the item's page and the purchase settles when the
 * provider's signed webhook says so (tests and the e2e send it with `emit`).
 *
 * It keeps its own books in `test_payments`, as a real provider does on its side (written on
 * their own, never in one of our transactions): a charge is recorded once per purchase id (a
 * repeat answers the first outcome), a refund marks it refunded, and `lookup` reads it, so
 * recovery after a crash and `ledger:check` can ask it what it collected.
 */
export function createTestProvider(db: Db, opts: { settle?: TestSettle; webhookSecret?: string } = {}): TestProvider {
  const settle = opts.settle ?? 'at-once';
  const secret = opts.webhookSecret ?? 'streamhub-test-provider';
  const reference = (purchaseId: string) => `test_${purchaseId}`;
  const book = (purchaseId: string, status: 'settled' | 'failed') =>
    db
      .updateTable('test_payments')
      .set({ status })
      .where('purchase_id', '=', purchaseId)
      .where('status', '=', 'pending')
      .execute();
  return {
    name: 'test',
    settle,
    renewsMemberships: settle === 'at-once',
    refuseRefunds: 0,
    failPayouts: 0,
    async onboarding(creator) {
      // No page to show: the creator is "connected" at once and sent back.
      return { url: creator.returnPath, accountRef: creator.accountRef ?? `test_acct_${creator.userId}` };
    },
    async payout(p) {
      if (this.failPayouts > 0) {
        this.failPayouts -= 1;
        return { status: 'failed', reason: 'The bank account refused the payout' };
      }
      return settle === 'at-once'
        ? { status: 'paid', reference: `test_po_${p.payoutId}` }
        : { status: 'pending', reference: `test_po_${p.payoutId}` };
    },
    async charge(charge) {
      await db
        .insertInto('test_payments')
        .values({
          purchase_id: charge.purchaseId,
          reference: reference(charge.purchaseId),
          amount_minor: charge.amountMinor,
          status: settle === 'at-once' ? 'settled' : 'pending',
        })
        .onConflict((oc) => oc.column('purchase_id').doNothing())
        .execute();
      if (settle === 'at-once') return { status: 'settled', reference: reference(charge.purchaseId) };
      const sep = charge.returnPath.includes('?') ? '&' : '?';
      return {
        status: 'pending',
        reference: reference(charge.purchaseId),
        redirectUrl: `${charge.returnPath}${sep}checkout=${charge.purchaseId}`,
      };
    },
    readWebhook(headers, body) {
      const signature = headers['x-test-signature'];
      if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return null;
      if (!timingSafeEqual(Buffer.from(signature, 'hex'), Buffer.from(signTestWebhook(secret, body), 'hex'))) return null;
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        return null;
      }
      const event = TestEvent.safeParse(json);
      return event.success ? event.data : null;
    },
    async refund(ref) {
      if (this.refuseRefunds > 0) {
        this.refuseRefunds -= 1;
        throw new Error('The test provider refused the refund');
      }
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
      if (!row) return { status: 'unknown' };
      if (row.status === 'failed') return { status: 'failed', reason: 'The payment was refused' };
      return { status: row.status, reference: row.reference };
    },
    async emit(event) {
      if (event.type === 'payment.settled') await book(event.purchaseId, 'settled');
      if (event.type === 'payment.failed' || event.type === 'payment.expired') await book(event.purchaseId, 'failed');
      const payload = JSON.stringify(event);
      return { headers: { 'content-type': 'application/json', 'x-test-signature': signTestWebhook(secret, payload) }, payload };
    },
  };
}
