import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { createTestProvider, type PaymentProvider } from './payment-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** The provider `PAYMENT_PROVIDER` names (API.md §20): `test` (at once or later) or `stripe`. */
export function createPaymentProvider(config: Pick<Config, 'paymentProvider' | 'payments'>, db: Db): PaymentProvider {
  switch (config.paymentProvider) {
    case 'test':
      return createTestProvider(db, { settle: config.payments.testSettle, webhookSecret: config.payments.testWebhookSecret });
    case 'stripe':
      return createStripeProvider(
        { ...config.payments.stripe, currency: config.payments.currency, returnOrigin: config.payments.returnOrigin },
        {
          referenceOf: async (purchaseId) =>
            (await db.selectFrom('purchases').select('provider_ref').where('id', '=', purchaseId).executeTakeFirst())
              ?.provider_ref ?? null,
        },
      );
  }
}
