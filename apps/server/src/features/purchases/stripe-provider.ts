import Stripe from 'stripe';
import type { ChargeState, IgnoredEvent, PaymentProvider } from './payment-provider.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another host for the SDK (tests: the local stand-in); null: api.stripe.com. */
  apiBase: string | null;
  /** ISO currency of every charge, lower case (`usd`). */
  currency: string;
  /** Where Checkout sends the buyer back: this origin + the item's page. */
  returnOrigin: string;
}

/** Our purchase id, as every object we create at Stripe carries it. */
const purchaseIdOf = (metadata: Record<string, string> | null | undefined) => metadata?.purchaseId ?? null;
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * `PAYMENT_PROVIDER=stripe`, on the official SDK. One-off purchases are Checkout Sessions in
 * `payment` mode, created with the purchase id as idempotency key, `client_reference_id` and
 * metadata (on the session and on its PaymentIntent), so every later object leads back to the
 * purchase. Settlement arrives by webhook only (`Stripe-Signature`, verified by the SDK):
 *
 * - `checkout.session.completed` with `payment_status: paid`, `checkout.session.async_payment_succeeded` → settled
 *   (reference: the PaymentIntent, which refunds and disputes name);
 * - `checkout.session.async_payment_failed` → failed; `checkout.session.expired` → expired;
 * - `charge.dispute.created` → dispute opened; `charge.dispute.closed` → won or lost (the purchase
 *   is found through the dispute's PaymentIntent's metadata).
 *
 * Other events are acknowledged and ignored. Refunds name the PaymentIntent with the idempotency
 * key `refund-<purchase id>`.
 */
export function createStripeProvider(
  settings: StripeSettings,
  deps: { referenceOf(purchaseId: string): Promise<string | null> },
): PaymentProvider {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? { host: base.hostname, port: base.port || undefined, protocol: base.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });

  /** The PaymentIntent that paid an invoice (its `payments`); throws while none did (asked again later). */
  async function paymentIntentOfInvoice(invoiceId: string): Promise<string> {
    const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
    const paid = invoice.payments?.data.find((p) => p.status === 'paid' && p.payment.type === 'payment_intent');
    const pi = idOf(paid?.payment.payment_intent);
    if (!pi) throw new Error(`Stripe invoice ${invoiceId} has no paid PaymentIntent to refund`);
    return pi;
  }

  async function purchaseOfPaymentIntent(pi: string | null): Promise<string | null> {
    if (!pi) return null;
    return purchaseIdOf((await stripe.paymentIntents.retrieve(pi)).metadata);
  }

  return {
    name: 'stripe',

    async charge(charge) {
      const back = `${settings.returnOrigin}${charge.returnPath}${charge.returnPath.includes('?') ? '&' : '?'}checkout=${charge.purchaseId}`;
      try {
        const name = charge.description.slice(0, 250) || 'Purchase';
        // A membership is a Stripe subscription billed monthly; its id leads every invoice back to it.
        type Kind = Pick<
          Stripe.Checkout.SessionCreateParams,
          'mode' | 'subscription_data' | 'payment_intent_data' | 'line_items'
        >;
        const kind: Kind = charge.membershipId
          ? {
              mode: 'subscription',
              subscription_data: { metadata: { membershipId: charge.membershipId, purchaseId: charge.purchaseId } },
              line_items: [
                {
                  quantity: 1,
                  price_data: {
                    currency: settings.currency,
                    unit_amount: charge.amountMinor,
                    recurring: { interval: 'month' },
                    product_data: { name },
                  },
                },
              ],
            }
          : {
              mode: 'payment',
              payment_intent_data: { metadata: { purchaseId: charge.purchaseId } },
              line_items: [
                {
                  quantity: 1,
                  price_data: { currency: settings.currency, unit_amount: charge.amountMinor, product_data: { name } },
                },
              ],
            };
        const session = await stripe.checkout.sessions.create(
          {
            ...kind,
            client_reference_id: charge.purchaseId,
            metadata: {
              purchaseId: charge.purchaseId,
              buyerId: charge.buyerId,
              ...(charge.membershipId ? { membershipId: charge.membershipId } : {}),
            },
            success_url: back,
            cancel_url: back,
          },
          { idempotencyKey: `checkout-${charge.purchaseId}` },
        );
        if (!session.url) return { status: 'failed', reason: 'The payment provider gave no checkout page' };
        return { status: 'pending', reference: session.id, redirectUrl: session.url };
      } catch (err) {
        // A card or request Stripe refused is a refusal; anything else (unreachable) is unknown.
        if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) {
          return { status: 'failed', reason: 'The payment provider refused the payment' };
        }
        throw err;
      }
    },

    async readWebhook(headers, body) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(body, signature, settings.webhookSecret);
      } catch {
        return null;
      }
      const ignored: IgnoredEvent = { id: event.id, type: 'ignored' };
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const s = event.data.object;
          const purchaseId = s.client_reference_id ?? purchaseIdOf(s.metadata);
          if (!purchaseId || s.payment_status !== 'paid') return ignored;
          if (s.mode === 'subscription') {
            // A membership's first month: its invoice is the reference, its subscription bills the next ones.
            const invoice = idOf(s.invoice);
            const subscription = idOf(s.subscription);
            if (!invoice || !subscription) return ignored;
            return { id: event.id, type: 'payment.settled', purchaseId, reference: invoice, subscription };
          }
          const pi = idOf(s.payment_intent);
          if (!pi) return ignored;
          return { id: event.id, type: 'payment.settled', purchaseId, reference: pi };
        }
        case 'checkout.session.async_payment_failed': {
          const s = event.data.object;
          const purchaseId = s.client_reference_id ?? purchaseIdOf(s.metadata);
          return purchaseId ? { id: event.id, type: 'payment.failed', purchaseId, reason: 'The payment failed' } : ignored;
        }
        case 'checkout.session.expired': {
          const s = event.data.object;
          const purchaseId = s.client_reference_id ?? purchaseIdOf(s.metadata);
          return purchaseId ? { id: event.id, type: 'payment.expired', purchaseId } : ignored;
        }
        case 'charge.dispute.created':
        case 'charge.dispute.closed': {
          const d = event.data.object;
          const purchaseId = await purchaseOfPaymentIntent(idOf(d.payment_intent));
          if (!purchaseId) return ignored;
          if (event.type === 'charge.dispute.created')
            return { id: event.id, type: 'dispute.opened', purchaseId, reference: d.id };
          if (d.status === 'won') return { id: event.id, type: 'dispute.won', purchaseId, reference: d.id };
          if (d.status === 'lost') return { id: event.id, type: 'dispute.lost', purchaseId, reference: d.id };
          return ignored;
        }
        case 'invoice.paid':
        case 'invoice.payment_failed': {
          const invoice = event.data.object;
          // The first month is told by its checkout; these are the following ones.
          if (invoice.billing_reason !== 'subscription_cycle' || !invoice.id) return ignored;
          const membershipId = invoice.parent?.subscription_details?.metadata?.membershipId;
          if (!membershipId) return ignored;
          return event.type === 'invoice.paid'
            ? { id: event.id, type: 'subscription.renewed', membershipId, reference: invoice.id }
            : { id: event.id, type: 'subscription.failed', membershipId, reason: 'The renewal could not be collected' };
        }
        case 'customer.subscription.deleted': {
          const membershipId = event.data.object.metadata?.membershipId;
          return membershipId ? { id: event.id, type: 'subscription.cancelled', membershipId } : ignored;
        }
        case 'transfer.reversed': {
          const t = event.data.object;
          const payoutId = t.metadata?.payoutId;
          return payoutId ? { id: event.id, type: 'payout.failed', payoutId, reason: 'The transfer was reversed' } : ignored;
        }
        default:
          return ignored;
      }
    },

    async refund(reference, amountMinor, idempotencyKey) {
      // A membership month's reference is its invoice: the refund names the PaymentIntent that paid it.
      const paymentIntent = reference.startsWith('in_') ? await paymentIntentOfInvoice(reference) : reference;
      // A purchase that never reached its PaymentIntent (a session id) has nothing to refund.
      if (!paymentIntent.startsWith('pi_')) return;
      await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountMinor, metadata: { purchaseId: idempotencyKey } },
        { idempotencyKey: `refund-${idempotencyKey}` },
      );
    },

    /** Connect: an Express account per creator (created once: idempotency key `account-<user id>`) and its onboarding link. */
    async onboarding(creator) {
      const accountRef =
        creator.accountRef ??
        (
          await stripe.accounts.create(
            { type: 'express', metadata: { userId: creator.userId } },
            { idempotencyKey: `account-${creator.userId}` },
          )
        ).id;
      const back = `${settings.returnOrigin}${creator.returnPath}`;
      const link = await stripe.accountLinks.create({
        account: accountRef,
        type: 'account_onboarding',
        refresh_url: back,
        return_url: back,
      });
      return { url: link.url, accountRef };
    },

    /**
     * A payout is a transfer from the platform's balance to the creator's connected account
     * (idempotency key `payout-<payout id>`); Stripe then pays the account's bank on its own
     * schedule. A transfer reversed later (`transfer.reversed`) fails the payout.
     */
    async payout(p) {
      try {
        const transfer = await stripe.transfers.create(
          { amount: p.amountMinor, currency: p.currency, destination: p.accountRef, metadata: { payoutId: p.payoutId } },
          { idempotencyKey: `payout-${p.payoutId}` },
        );
        return { status: 'paid', reference: transfer.id };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError)
          return { status: 'failed', reason: 'The payment provider refused the payout' };
        throw err;
      }
    },

    async cancelAtPeriodEnd(subscription, cancel) {
      await stripe.subscriptions.update(subscription, { cancel_at_period_end: cancel });
    },

    /** Cancelled now; one Stripe no longer has (or already cancelled) bills nothing either. */
    async endSubscription(subscription) {
      try {
        await stripe.subscriptions.cancel(subscription);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw err;
      }
    },

    async lookup(purchaseId): Promise<ChargeState> {
      const reference = await deps.referenceOf(purchaseId);
      if (!reference) return { status: 'unknown' };
      let pi = reference.startsWith('pi_') ? reference : null;
      if (!pi) {
        const session = await stripe.checkout.sessions.retrieve(reference);
        if (session.status === 'open') return { status: 'pending', reference };
        if (session.status === 'expired') return { status: 'failed', reason: 'The checkout expired before it was paid' };
        // A membership's first month (subscription mode) is its invoice.
        const invoice = idOf(session.invoice);
        if (session.mode === 'subscription' && session.payment_status === 'paid' && invoice)
          return { status: 'settled', reference: invoice };
        pi = idOf(session.payment_intent);
        if (!pi || session.payment_status !== 'paid') return { status: 'pending', reference };
      }
      const intent = await stripe.paymentIntents.retrieve(pi, { expand: ['latest_charge'] });
      const latest = intent.latest_charge;
      if (latest && typeof latest !== 'string' && latest.refunded) return { status: 'refunded', reference: pi };
      if (intent.status === 'succeeded') return { status: 'settled', reference: pi };
      if (intent.status === 'canceled') return { status: 'failed', reason: 'The payment was canceled' };
      return { status: 'pending', reference: pi };
    },
  };
}
