import { sql } from 'kysely';
import { toAmount, type PayoutsOverview } from '@streamhub/contract';
import type { Db } from '../../db/database.ts';
import { unitOfWork } from '../../db/unit-of-work.ts';
import { newId } from '../../lib/ids.ts';
import type { Viewer } from '../sessions/sessions.service.ts';
import type { PaymentProvider } from '../purchases/payment-provider.ts';
import type { PayoutEvent } from '../purchases/purchases.service.ts';

interface Deps {
  db: Db;
  provider: PaymentProvider;
  currency: string;
  /** The least balance a payout sends (minor units); smaller balances wait for more sales. */
  minimumMinor: number;
  log: { error(obj: object, msg: string): void };
}

/** A payout's journal entry: the amount leaves what the platform owes the creator, to what it paid them (or back). */
async function book(q: Db, payout: { id: string; user_id: string; amount_minor: number }, kind: 'payout' | 'payout_failed') {
  const entryId = newId();
  const sign = kind === 'payout' ? 1 : -1;
  await q.insertInto('journal_entries').values({ id: entryId, purchase_id: null, payout_id: payout.id, kind }).execute();
  await q
    .insertInto('journal_lines')
    .values([
      {
        id: newId(),
        entry_id: entryId,
        account: 'creator_earnings',
        user_id: payout.user_id,
        amount_minor: sign * payout.amount_minor,
      },
      {
        id: newId(),
        entry_id: entryId,
        account: 'creator_payouts',
        user_id: payout.user_id,
        amount_minor: -sign * payout.amount_minor,
      },
    ])
    .execute();
}

/**
 * Payouts (API.md §20, docs/paid-content.md "Payouts"): a creator connects an account at the
 * provider; a scheduled run pays each connected creator's balance (what the ledger says the
 * platform owes them) out, each payout a journal transfer from `creator_earnings` to
 * `creator_payouts` written with the payout in one transaction before the provider is asked (its
 * idempotency key is the payout id); a failed payout's reversing entry returns it to the balance.
 */
export function createPayoutsService({ db, provider, currency, minimumMinor, log }: Deps) {
  const inTransaction = unitOfWork(db, (q) => ({ q }));

  const balanceOf = async (q: Db, userId: string) => {
    const row = await q
      .selectFrom('journal_lines')
      .select(sql<string>`coalesce(-sum(amount_minor), 0)`.as('owed'))
      .where('user_id', '=', userId)
      .where('account', '=', 'creator_earnings')
      .executeTakeFirstOrThrow();
    return Number(row.owed);
  };

  /** pending → paid, or → failed with its amount back on the balance (once: the journal allows one of each). */
  async function finish(payoutId: string, outcome: { status: 'paid'; reference: string } | { status: 'failed'; reason: string }) {
    return inTransaction(async ({ q }) => {
      const p = await q.selectFrom('payouts').selectAll().where('id', '=', payoutId).forUpdate().executeTakeFirst();
      if (!p) return 'moot' as const;
      if (outcome.status === 'paid') {
        if (p.state !== 'pending') return 'moot' as const;
        await q
          .updateTable('payouts')
          .set({ state: 'paid', provider_ref: outcome.reference, settled_at: sql<Date>`now()` })
          .where('id', '=', p.id)
          .execute();
        return 'applied' as const;
      }
      // A payout may fail after it was paid (a bank returns it): it goes back to the balance, once.
      if (p.state === 'failed') return 'moot' as const;
      await q
        .updateTable('payouts')
        .set({ state: 'failed', failure_reason: outcome.reason, settled_at: sql<Date>`coalesce(settled_at, now())` })
        .where('id', '=', p.id)
        .execute();
      await book(q, p, 'payout_failed');
      return 'applied' as const;
    });
  }

  /** Asks the provider to send a payout already booked; what it answers ends it, or its webhook will. */
  async function send(p: { id: string; user_id: string; amount_minor: number }, accountRef: string) {
    const outcome = await provider.payout({ payoutId: p.id, accountRef, amountMinor: p.amount_minor, currency });
    if (outcome.status === 'pending') {
      await db
        .updateTable('payouts')
        .set({ provider_ref: outcome.reference })
        .where('id', '=', p.id)
        .where('state', '=', 'pending')
        .execute();
      return 'pending' as const;
    }
    await finish(p.id, outcome);
    return outcome.status;
  }

  return {
    /** POST /api/payouts/onboarding: the provider's onboarding page; the connected account is kept. */
    async onboarding(viewer: Viewer): Promise<{ url: string }> {
      const existing = await db
        .selectFrom('payout_accounts')
        .select('account_ref')
        .where('user_id', '=', viewer._id)
        .where('provider', '=', provider.name)
        .executeTakeFirst();
      const { url, accountRef } = await provider.onboarding({
        userId: viewer._id,
        accountRef: existing?.account_ref ?? null,
        returnPath: '/studio/payouts',
      });
      await db
        .insertInto('payout_accounts')
        .values({ user_id: viewer._id, provider: provider.name, account_ref: accountRef })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ provider: provider.name, account_ref: accountRef }))
        .execute();
      return { url };
    },

    /** GET /api/payouts: what the platform owes the caller now, and their payouts, newest first. */
    async overview(viewer: Viewer): Promise<PayoutsOverview> {
      const [balance, payouts, account] = await Promise.all([
        balanceOf(db, viewer._id),
        db
          .selectFrom('payouts')
          .select(['id', 'amount_minor', 'state', 'created_at'])
          .where('user_id', '=', viewer._id)
          .orderBy('created_at', 'desc')
          .limit(200)
          .execute(),
        db.selectFrom('payout_accounts').select('user_id').where('user_id', '=', viewer._id).executeTakeFirst(),
      ]);
      return {
        balance: toAmount(balance),
        currency,
        connected: Boolean(account),
        payouts: payouts.map((p) => ({
          _id: p.id,
          amount: toAmount(p.amount_minor),
          state: p.state,
          createdAt: p.created_at.toISOString(),
        })),
      };
    },

    /**
     * The scheduled run: every connected creator whose balance reaches the minimum, with no payout
     * in flight, gets one payout of the whole balance. The payout and its journal transfer commit
     * first (a unique index allows one pending payout per creator, so two runs at once send one);
     * then the provider is asked. A payout left pending without an answer (a crash, the provider
     * unreachable) is asked again on the next run with the same idempotency key.
     */
    async run(): Promise<{ paid: number; failed: number; pending: number }> {
      const counts = { paid: 0, failed: 0, pending: 0 };
      const accounts = await db
        .selectFrom('payout_accounts')
        .select(['user_id', 'account_ref'])
        .where('provider', '=', provider.name)
        .execute();
      for (const account of accounts) {
        try {
          let payout = await db
            .selectFrom('payouts')
            .selectAll()
            .where('user_id', '=', account.user_id)
            .where('state', '=', 'pending')
            .executeTakeFirst();
          if (payout?.provider_ref) continue; // on its way: its webhook ends it
          if (!payout) {
            payout = await inTransaction(async ({ q }) => {
              await sql`SELECT pg_advisory_xact_lock(hashtext(${`payout:${account.user_id}`}))`.execute(q);
              const balance = await balanceOf(q, account.user_id);
              if (balance < minimumMinor || balance <= 0) return undefined;
              const row = await q
                .insertInto('payouts')
                .values({
                  id: newId(),
                  user_id: account.user_id,
                  amount_minor: balance,
                  currency,
                  provider: provider.name,
                  provider_ref: null,
                  failure_reason: null,
                  settled_at: null,
                })
                .onConflict((oc) => oc.doNothing())
                .returningAll()
                .executeTakeFirst();
              if (row) await book(q, row, 'payout');
              return row;
            });
          }
          if (!payout) continue;
          counts[await send(payout, account.account_ref)] += 1;
        } catch (err) {
          log.error({ err, userId: account.user_id }, 'payout not sent; tried again on the next run');
        }
      }
      return counts;
    },

    /** A payout's webhook: paid, or failed (back to the balance); a repeat changes nothing. */
    apply: (e: PayoutEvent) =>
      e.type === 'payout.paid'
        ? finish(e.payoutId, { status: 'paid', reference: e.reference })
        : finish(e.payoutId, { status: 'failed', reason: e.reason }),
  };
}
export type PayoutsService = ReturnType<typeof createPayoutsService>;
