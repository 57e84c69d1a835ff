import { afterAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { startStripeStandIn } from '../stripe-stand-in.ts';
import { OPERATIONS } from './extract.ts';
import { operationOf, responseProblems, stripeExtract } from './validate.ts';

/**
 * The Stripe stand-in checks every request against Stripe's published OpenAPI document (the
 * extract in operations.json): what the document does not have is refused as Stripe refuses it.
 * The provider's own flows through the SDK are in features/purchases/stripe-provider.test.ts,
 * which also checks every answer the stand-in gave against the document's required fields.
 */
const secretKey = 'sk_test_openapi';
const stand = await startStripeStandIn({ secretKey, webhookSecret: 'whsec_openapi' });
afterAll(() => stand.close());

const send = (method: string, path: string, form = '') =>
  fetch(`${stand.url}${path}${method === 'POST' || !form ? '' : `?${form}`}`, {
    method,
    headers: {
      authorization: `Bearer ${secretKey}`,
      'stripe-version': Stripe.API_VERSION,
      'content-type': 'application/x-www-form-urlencoded',
    },
    ...(method === 'POST' ? { body: form } : {}),
  });
const refusal = async (res: Response) => ({ status: res.status, ...((await res.json()) as { error: object }) });
const session = (extra: string) =>
  [
    'mode=payment',
    `success_url=${encodeURIComponent('https://streamhub.example/back')}`,
    'line_items[0][quantity]=1',
    'line_items[0][price_data][currency]=usd',
    'line_items[0][price_data][unit_amount]=700',
    'line_items[0][price_data][product_data][name]=A%20video',
    'metadata[purchaseId]=p1',
    extra,
  ]
    .filter(Boolean)
    .join('&');

describe('the extract of the document', () => {
  it('names the version of the document it came from and holds every operation the provider calls', () => {
    expect(stripeExtract.version).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(stripeExtract.source).toContain('stripe/openapi');
    for (const [method, path] of OPERATIONS) {
      expect(stripeExtract.operations.some((o) => o.method === method.toUpperCase() && o.path === path)).toBe(true);
    }
    expect(operationOf('GET', '/v1/checkout/sessions/cs_test_1').path).toBe('/v1/checkout/sessions/{session}');
  });
});

describe('requests the document does not allow', () => {
  it('a path or a method the document does not have: 404 "Unrecognized request URL", as Stripe answers', async () => {
    for (const [method, path] of [
      ['GET', '/v1/nothing'],
      ['DELETE', '/v1/checkout/sessions'],
      ['POST', '/v1/payment_intents/pi_1/refund'],
      ['GET', '/v1/account_links'],
    ] as const) {
      const res = await refusal(await send(method, path));
      expect(res, `${method} ${path}`).toMatchObject({
        status: 404,
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` },
      });
    }
  });

  it('unknown, mistyped or missing parameters, top-level and nested: 400 naming the parameter as the form writes it', async () => {
    const cases: [method: string, path: string, form: string, param: string][] = [
      ['POST', '/v1/checkout/sessions', session('colour=red'), 'colour'],
      ['POST', '/v1/checkout/sessions', session('line_items[0][price_data][colour]=red'), 'line_items[0][price_data][colour]'],
      ['POST', '/v1/checkout/sessions', session('line_items[0][quantity]=one'), 'line_items[0][quantity]'],
      ['POST', '/v1/checkout/sessions', session('mode=rental').replace('mode=payment&', ''), 'mode'],
      ['POST', '/v1/checkout/sessions', session('line_items=all'), 'line_items'],
      ['POST', '/v1/checkout/sessions', session('metadata=flat'), 'metadata'],
      ['POST', '/v1/subscriptions/sub_test_1', 'cancel_at_period_end=maybe', 'cancel_at_period_end'],
      [
        'POST',
        '/v1/account_links',
        'account=acct_1&refresh_url=https%3A%2F%2Fa.example&return_url=https%3A%2F%2Fa.example',
        'type',
      ],
      ['POST', '/v1/refunds', 'payment_intent=pi_1&amount=12.5', 'amount'],
      ['POST', '/v1/transfers', 'amount=100&currency=usd&destination=acct_1&metadata[payoutId][x]=1', 'metadata[payoutId]'],
      ['GET', '/v1/payment_intents/pi_test_1', 'expand[0]=latest_charge&colour=1', 'colour'],
      ['GET', '/v1/invoices/in_test_1', 'expand=payments', 'expand'],
      ['DELETE', '/v1/subscriptions/sub_test_1', 'prorate=sometimes', 'prorate'],
    ];
    for (const [method, path, form, param] of cases) {
      const res = await refusal(await send(method, path, form));
      expect(res, `${method} ${path} ${form}`).toMatchObject({ status: 400, error: { type: 'invalid_request_error', param } });
      // Stripe's own wording ("Received unknown parameter: x", "Invalid integer: one", "Missing required param: x.").
      expect((res.error as { message: string }).message).toMatch(/^(Received unknown parameter|Invalid|Missing required param)/);
    }
  });

  it('a request the document allows passes, and its answer carries the fields the document requires', async () => {
    const res = await send('POST', '/v1/checkout/sessions', session(''));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(responseProblems(operationOf('POST', '/v1/checkout/sessions'), body)).toEqual([]);
    expect(body).toMatchObject({ object: 'checkout.session', mode: 'payment', livemode: false });
  });

  it('through the SDK: an unknown parameter is a StripeInvalidRequestError naming it', async () => {
    const base = new URL(stand.url);
    const sdk = new Stripe(secretKey, { host: base.hostname, port: base.port, protocol: 'http', maxNetworkRetries: 0 });
    const refused = await sdk.refunds
      .create({ payment_intent: 'pi_test_1', colour: 'red' } as unknown as Stripe.RefundCreateParams)
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ param: 'colour', statusCode: 400 });
  });
});
