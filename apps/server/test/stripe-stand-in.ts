import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { completeResponse, InvalidRequest, operationOf, validateRequest } from './stripe-openapi/validate.ts';

/**
 * A small local stand-in of the Stripe API, for the `stripe` provider's tests (Stripe cannot be
 * reached from CI). It answers the endpoints the SDK calls for us, as Stripe documents them:
 *
 * - POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id
 * - GET /v1/payment_intents/:id (with `expand[]=latest_charge`)
 * - POST /v1/refunds
 * - GET /v1/invoices/:id (with `expand[]=payments`), POST and DELETE /v1/subscriptions/:id
 * - POST /v1/accounts, /v1/account_links, /v1/transfers
 *
 * and checks what the SDK sends the way Stripe does: a Bearer secret key, a `Stripe-Version`,
 * form-encoded bodies, every request against Stripe's published OpenAPI document (the operations
 * extracted into stripe-openapi/operations.json: an unknown path or method is 404, an unknown,
 * mistyped or missing parameter 400, as Stripe answers), a few of Stripe's rules the document
 * cannot say (modes and their parameters, amounts), and idempotency (a key repeated with the same parameters answers the first answer; with
 * others, 400 `idempotency_error`). What happens on Stripe's side (the buyer pays, a checkout
 * expires, a bank disputes) is driven by the test, and each answers the webhook Stripe would send,
 * signed with the SDK's own test-header helper. How far this can be trusted: docs/decisions.md.
 */
export interface StripeStandIn {
  url: string;
  /** Every request received: method, path, parsed form body, idempotency key. */
  requests: { method: string; path: string; body: Record<string, unknown>; idempotencyKey: string | null }[];
  /** Every answer given (200), with the document's operation it answered: the test checks their fields. */
  answers: { operation: string; body: Record<string, unknown> }[];
  /** Refunds it refuses (500, not to be retried by the SDK) before it accepts again. */
  refuseRefunds: number;
  sessions: Map<string, Record<string, unknown>>;
  refunds: Record<string, unknown>[];
  /** The buyer paid on the checkout page: the session completes with a succeeded PaymentIntent. */
  pay(sessionId: string): Delivery;
  /** The buyer left and the session expired. */
  expire(sessionId: string): Delivery;
  /** A delayed payment method failed after the checkout. */
  failAsync(sessionId: string): Delivery;
  /** The buyer's bank disputed the payment. */
  openDispute(paymentIntentId: string): { dispute: string; delivery: Delivery };
  closeDispute(disputeId: string, status: 'won' | 'lost'): Delivery;
  /** Connect: the accounts created and transfers made. */
  accounts: Map<string, Record<string, unknown>>;
  transfers: Record<string, unknown>[];
  /** A transfer to a connected account was reversed (the payout came back). */
  reverseTransfer(transferId: string): Delivery;
  /** Subscriptions (memberships): created by paying a `subscription` session. */
  subscriptions: Map<string, Record<string, unknown>>;
  /** Its next month: collected (`invoice.paid`) or not (`invoice.payment_failed`). */
  bill(subscriptionId: string, paid: boolean): Delivery;
  invoices: Map<string, Record<string, unknown>>;
  /** The subscription ended (`customer.subscription.deleted`). */
  endSubscription(subscriptionId: string): Delivery;
  close(): Promise<void>;
}

/** A webhook delivery as Stripe would POST it: the raw JSON body and its `Stripe-Signature`. */
export interface Delivery {
  eventId: string;
  payload: string;
  headers: Record<string, string>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding (`a[b][0][c]=x`) into nested objects and arrays. */
function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }
}

function requireUrl(v: unknown, param: string) {
  if (typeof v !== 'string') throw new RequestError(400, `Missing required param: ${param}.`, param);
  try {
    const u = new URL(v);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
  } catch {
    throw new RequestError(400, `Invalid URL: ${param}`, param);
  }
}

function requireMetadata(v: unknown, param: string) {
  if (v === undefined) return;
  if (typeof v !== 'object' || v === null) throw new RequestError(400, `Invalid object: ${param}`, param);
  const entries = Object.entries(v);
  if (entries.length > 50) throw new RequestError(400, 'Metadata may have at most 50 keys', param);
  for (const [k, val] of entries) {
    if (k.length > 40 || typeof val !== 'string' || val.length > 500)
      throw new RequestError(400, `Invalid metadata: ${k}`, param);
  }
}

export async function startStripeStandIn(opts: { secretKey: string; webhookSecret: string }): Promise<StripeStandIn> {
  const signer = new Stripe(opts.secretKey);
  const sessions = new Map<string, Record<string, unknown>>();
  const intents = new Map<string, Record<string, unknown>>();
  const charges = new Map<string, Record<string, unknown>>();
  const disputes = new Map<string, Record<string, unknown>>();
  const refunds: Record<string, unknown>[] = [];
  const accounts = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const invoices = new Map<string, Record<string, unknown>>();
  /** A subscription's invoice; paid, with the PaymentIntent and charge that paid it (what a refund names). */
  const invoiceOf = (sub: Record<string, unknown>, billingReason: string, paid: boolean) => {
    const invoice = {
      id: id('in'),
      object: 'invoice',
      billing_reason: billingReason,
      status: paid ? 'paid' : 'open',
      amount_due: sub._amount,
      currency: sub._currency,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      _paymentIntent: paid ? newIntent(Number(sub._amount), String(sub._currency), {}).id : null,
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  };
  /** A succeeded PaymentIntent and its charge. */
  function newIntent(amount: number, currency: string, metadata: unknown) {
    const chargeId = id('ch');
    const intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      currency,
      status: 'succeeded',
      metadata,
      latest_charge: chargeId,
    };
    charges.set(chargeId, {
      id: chargeId,
      object: 'charge',
      amount,
      amount_refunded: 0,
      refunded: false,
      payment_intent: intent.id,
    });
    intents.set(intent.id, intent);
    return intent;
  }
  const transfers: Record<string, unknown>[] = [];
  const idempotent = new Map<string, { params: string; status: number; body: string }>();
  const requests: StripeStandIn['requests'] = [];
  const answers: StripeStandIn['answers'] = [];

  const deliver = (type: string, object: Record<string, unknown>): Delivery => {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret });
    return { eventId: event.id, payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
  };

  function createSession(body: Record<string, unknown>, base: string) {
    if (body.mode !== 'payment' && body.mode !== 'subscription') throw new RequestError(400, 'Invalid mode', 'mode');
    if (body.mode === 'subscription' && body.payment_intent_data !== undefined)
      throw new RequestError(400, 'You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data');
    if (body.mode === 'payment' && body.subscription_data !== undefined)
      throw new RequestError(400, 'You can not pass `subscription_data` in `payment` mode.', 'subscription_data');
    requireMetadata((body.subscription_data as Record<string, unknown> | undefined)?.metadata, 'subscription_data[metadata]');
    requireUrl(body.success_url, 'success_url');
    if (body.cancel_url !== undefined) requireUrl(body.cancel_url, 'cancel_url');
    requireMetadata(body.metadata, 'metadata');
    requireMetadata((body.payment_intent_data as Record<string, unknown> | undefined)?.metadata, 'payment_intent_data[metadata]');
    if (typeof body.client_reference_id === 'string' && body.client_reference_id.length > 200)
      throw new RequestError(400, 'client_reference_id is too long', 'client_reference_id');
    const items = Object.values((body.line_items ?? {}) as Record<string, Record<string, unknown>>);
    if (items.length === 0) throw new RequestError(400, 'Missing required param: line_items.', 'line_items');
    let total = 0;
    let currency = '';
    for (const item of items) {
      const quantity = Number(item.quantity);
      const price = item.price_data as Record<string, unknown> | undefined;
      if (!Number.isInteger(quantity) || quantity < 1)
        throw new RequestError(400, 'Invalid integer: quantity', 'line_items[0][quantity]');
      if (!price) throw new RequestError(400, 'You must specify either `price` or `price_data`', 'line_items[0][price_data]');
      if (typeof price.currency !== 'string' || !/^[a-z]{3}$/.test(price.currency))
        throw new RequestError(400, 'Invalid currency', 'line_items[0][price_data][currency]');
      const amount = Number(price.unit_amount);
      if (!/^\d+$/.test(String(price.unit_amount)) || amount < 1 || amount > 99_999_999)
        throw new RequestError(400, 'Invalid integer: unit_amount', 'line_items[0][price_data][unit_amount]');
      const recurring = price.recurring as Record<string, unknown> | undefined;
      if (body.mode === 'subscription' && !['day', 'week', 'month', 'year'].includes(String(recurring?.interval)))
        throw new RequestError(400, 'A recurring price is required in subscription mode', 'line_items[0][price_data][recurring]');
      if (body.mode === 'payment' && recurring) throw new RequestError(400, 'A recurring price needs subscription mode', 'mode');
      const product = price.product_data as Record<string, unknown> | undefined;
      if (!product || typeof product.name !== 'string' || product.name.length === 0)
        throw new RequestError(400, 'Missing required param: line_items[0][price_data][product_data][name].');
      total += amount * quantity;
      currency = price.currency;
    }
    const sessionId = id('cs');
    const session = {
      id: sessionId,
      object: 'checkout.session',
      mode: body.mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `${base}/pay/${sessionId}`,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      payment_intent: null as string | null,
      amount_total: total,
      currency,
      success_url: body.success_url,
      cancel_url: body.cancel_url ?? null,
      subscription: null as string | null,
      invoice: null as string | null,
      _intentMetadata: (body.payment_intent_data as Record<string, unknown> | undefined)?.metadata ?? {},
      _subscriptionMetadata: (body.subscription_data as Record<string, unknown> | undefined)?.metadata ?? {},
    };
    sessions.set(sessionId, session);
    return session;
  }

  function createRefund(body: Record<string, unknown>) {
    requireMetadata(body.metadata, 'metadata');
    const intent = intents.get(String(body.payment_intent));
    if (!intent) throw new RequestError(404, `No such payment_intent: '${String(body.payment_intent)}'`, 'payment_intent');
    const charge = charges.get(String(intent.latest_charge))!;
    const amount = body.amount === undefined ? Number(intent.amount) : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1) throw new RequestError(400, 'Invalid integer: amount', 'amount');
    if (Number(charge.amount_refunded) + amount > Number(charge.amount))
      throw new RequestError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge`, 'amount');
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: charge.id,
      status: 'succeeded',
      metadata: body.metadata ?? {},
    };
    refunds.push(refund);
    return refund;
  }

  const visible = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([k]) => !k.startsWith('_')));

  const standIn: StripeStandIn = {
    url: '',
    requests,
    answers,
    refuseRefunds: 0,
    sessions,
    refunds,
    accounts,
    transfers,
    reverseTransfer(transferId) {
      const transfer = transfers.find((t) => t.id === transferId)!;
      transfer.reversed = true;
      return deliver('transfer.reversed', transfer);
    },
    subscriptions,
    invoices,
    bill(subscriptionId, paid) {
      const sub = subscriptions.get(subscriptionId)!;
      if (sub.status === 'canceled') throw new Error('A cancelled subscription bills nothing');
      return deliver(paid ? 'invoice.paid' : 'invoice.payment_failed', visible(invoiceOf(sub, 'subscription_cycle', paid)));
    },
    endSubscription(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      sub.status = 'canceled';
      return deliver('customer.subscription.deleted', visible(sub));
    },
    pay(sessionId) {
      const session = sessions.get(sessionId)!;
      if (session.mode === 'subscription') {
        const sub = {
          id: id('sub'),
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: false,
          metadata: session._subscriptionMetadata,
          _amount: session.amount_total,
          _currency: session.currency,
        };
        subscriptions.set(sub.id, sub);
        const invoice = invoiceOf(sub, 'subscription_create', true);
        Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id, invoice: invoice.id });
        return deliver('checkout.session.completed', visible(session));
      }
      const intent = newIntent(Number(session.amount_total), String(session.currency), session._intentMetadata);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
      return deliver('checkout.session.completed', visible(session));
    },
    expire(sessionId) {
      const session = sessions.get(sessionId)!;
      session.status = 'expired';
      return deliver('checkout.session.expired', visible(session));
    },
    failAsync(sessionId) {
      const session = sessions.get(sessionId)!;
      Object.assign(session, { status: 'complete', payment_status: 'unpaid' });
      return deliver('checkout.session.async_payment_failed', visible(session));
    },
    openDispute(paymentIntentId) {
      const intent = intents.get(paymentIntentId)!;
      const dispute = {
        id: id('dp'),
        object: 'dispute',
        amount: intent.amount,
        currency: intent.currency,
        charge: intent.latest_charge,
        payment_intent: intent.id,
        status: 'needs_response',
        reason: 'fraudulent',
      };
      disputes.set(dispute.id, dispute);
      return { dispute: dispute.id, delivery: deliver('charge.dispute.created', dispute) };
    },
    closeDispute(disputeId, status) {
      const dispute = disputes.get(disputeId)!;
      dispute.status = status;
      return deliver('charge.dispute.closed', dispute);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', standIn.url);
      const text = Buffer.concat(chunks).toString('utf8');
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      try {
        if (req.headers.authorization !== `Bearer ${opts.secretKey}`)
          throw new RequestError(401, 'Invalid API Key provided', undefined, 'invalid_request_error');
        if (typeof req.headers['stripe-version'] !== 'string') throw new RequestError(400, 'Missing Stripe-Version');
        const body =
          req.method === 'POST'
            ? (() => {
                if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
                  throw new RequestError(400, 'Invalid request: bodies are form-encoded');
                return parseForm(text);
              })()
            : parseForm(url.searchParams.toString());
        requests.push({ method: req.method ?? '', path: url.pathname, body, idempotencyKey: key });
        // Stripe's published document decides what exists and what each parameter may be.
        const operation = operationOf(req.method ?? '', url.pathname);
        validateRequest(operation, body);
        if (req.method === 'POST' && key) {
          const seen = idempotent.get(key);
          if (seen) {
            if (seen.params !== text)
              throw new RequestError(
                400,
                'Keys for idempotent requests can only be used with the same parameters they were first used with.',
                undefined,
                'idempotency_error',
              );
            return send(seen.status, seen.body, { 'idempotent-replayed': 'true' });
          }
        }
        let answer: unknown;
        const path = url.pathname;
        let m: RegExpMatchArray | null;
        if (req.method === 'POST' && path === '/v1/checkout/sessions') answer = visible(createSession(body, standIn.url));
        else if (req.method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/))) {
          const s = sessions.get(m[1]!);
          if (!s) throw new RequestError(404, `No such checkout.session: '${m[1]}'`);
          answer = visible(s);
        } else if (req.method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([\w]+)$/))) {
          const pi = intents.get(m[1]!);
          if (!pi) throw new RequestError(404, `No such payment_intent: '${m[1]}'`);
          const expand = Object.values((body.expand ?? {}) as Record<string, string>);
          answer = expand.includes('latest_charge') ? { ...pi, latest_charge: charges.get(String(pi.latest_charge)) } : pi;
        } else if (req.method === 'POST' && path === '/v1/refunds') {
          if (standIn.refuseRefunds > 0) {
            standIn.refuseRefunds -= 1;
            return send(
              500,
              { error: { type: 'api_error', message: 'The refund could not be made now (stand-in)' } },
              {
                'stripe-should-retry': 'false',
              },
            );
          }
          answer = createRefund(body);
        } else if (req.method === 'GET' && (m = path.match(/^\/v1\/invoices\/([\w]+)$/))) {
          const invoice = invoices.get(m[1]!);
          if (!invoice) throw new RequestError(404, `No such invoice: '${m[1]}'`);
          const expand = Object.values((body.expand ?? {}) as Record<string, string>);
          const payments = {
            object: 'list',
            url: `/v1/invoice_payments?invoice=${String(invoice.id)}`,
            has_more: false,
            data: invoice._paymentIntent
              ? [
                  {
                    id: id('inpay'),
                    object: 'invoice_payment',
                    invoice: invoice.id,
                    status: 'paid',
                    payment: { type: 'payment_intent', payment_intent: invoice._paymentIntent },
                  },
                ]
              : [],
          };
          answer = { ...visible(invoice), ...(expand.includes('payments') ? { payments } : {}) };
        } else if (req.method === 'DELETE' && (m = path.match(/^\/v1\/subscriptions\/([\w]+)$/))) {
          const sub = subscriptions.get(m[1]!);
          if (!sub) throw new RequestError(404, `No such subscription: '${m[1]}'`);
          sub.status = 'canceled';
          answer = visible(sub);
        } else if (req.method === 'POST' && (m = path.match(/^\/v1\/subscriptions\/([\w]+)$/))) {
          const sub = subscriptions.get(m[1]!);
          if (!sub) throw new RequestError(404, `No such subscription: '${m[1]}'`);
          if (body.cancel_at_period_end !== 'true' && body.cancel_at_period_end !== 'false')
            throw new RequestError(400, 'Invalid boolean: cancel_at_period_end', 'cancel_at_period_end');
          sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
          answer = visible(sub);
        } else if (req.method === 'POST' && path === '/v1/accounts') {
          if (body.type !== 'express' && body.type !== 'standard' && body.type !== 'custom')
            throw new RequestError(400, 'Invalid type', 'type');
          requireMetadata(body.metadata, 'metadata');
          const account = {
            id: id('acct'),
            object: 'account',
            type: body.type,
            metadata: body.metadata ?? {},
            charges_enabled: false,
          };
          accounts.set(account.id, account);
          answer = account;
        } else if (req.method === 'POST' && path === '/v1/account_links') {
          if (!accounts.has(String(body.account)))
            throw new RequestError(404, `No such account: '${String(body.account)}'`, 'account');
          if (body.type !== 'account_onboarding' && body.type !== 'account_update')
            throw new RequestError(400, 'Invalid type', 'type');
          requireUrl(body.refresh_url, 'refresh_url');
          requireUrl(body.return_url, 'return_url');
          answer = {
            object: 'account_link',
            url: `${standIn.url}/connect/${String(body.account)}`,
            expires_at: Math.floor(Date.now() / 1000) + 300,
          };
        } else if (req.method === 'POST' && path === '/v1/transfers') {
          if (!accounts.has(String(body.destination)))
            throw new RequestError(400, `No such destination: '${String(body.destination)}'`, 'destination');
          if (!/^\d+$/.test(String(body.amount)) || Number(body.amount) < 1)
            throw new RequestError(400, 'Invalid integer: amount', 'amount');
          if (typeof body.currency !== 'string' || !/^[a-z]{3}$/.test(body.currency))
            throw new RequestError(400, 'Invalid currency', 'currency');
          requireMetadata(body.metadata, 'metadata');
          const transfer = {
            id: id('tr'),
            object: 'transfer',
            amount: Number(body.amount),
            currency: body.currency,
            destination: body.destination,
            metadata: body.metadata ?? {},
            reversed: false,
          };
          transfers.push(transfer);
          answer = transfer;
        } else throw new RequestError(404, `Unrecognized request URL (${req.method}: ${path}).`);
        const full = completeResponse(operation, answer as Record<string, unknown>);
        answers.push({ operation: `${operation.method} ${operation.path}`, body: full });
        const out = JSON.stringify(full);
        if (req.method === 'POST' && key) idempotent.set(key, { params: text, status: 200, body: out });
        send(200, out);
      } catch (err) {
        if (err instanceof InvalidRequest) {
          send(err.status, {
            error: { type: 'invalid_request_error', message: err.message, ...(err.param ? { param: err.param } : {}) },
          });
        } else if (err instanceof RequestError) {
          send(err.status, { error: { type: err.type, message: err.message, ...(err.param ? { param: err.param } : {}) } });
        } else send(500, { error: { type: 'api_error', message: String(err) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
