import type { Config } from '../../config.ts';

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
 * A payment provider, the only part that knows how money moves. The purchase id is the
 * provider's idempotency key, so a retried charge never collects twice.
 */
export interface PaymentProvider {
  readonly name: string;
  charge(charge: Charge): Promise<ChargeOutcome>;
  /** Verifies a webhook's signature and reads it; null when it is not a valid event of this provider. */
  readWebhook(headers: Record<string, string | string[] | undefined>, body: Buffer): WebhookEvent | null;
  /** Gives the money back (a purchase whose item disappeared before it settled). */
  refund(reference: string, amountMinor: number): Promise<void>;
}

/** The embedded default: every charge settles at once; no webhooks; refunds are no-ops. */
export const testProvider: PaymentProvider = {
  name: 'test',
  async charge(charge) {
    return { status: 'settled', reference: `test_${charge.purchaseId}` };
  },
  readWebhook() {
    return null;
  },
  async refund() {},
};

export function createPaymentProvider(config: Pick<Config, 'paymentProvider'>): PaymentProvider {
  switch (config.paymentProvider) {
    case 'test':
      return testProvider;
  }
}
