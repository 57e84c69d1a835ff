import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * The part of `ledger:check` only the provider can answer: money it collected that our books
 * neither settled nor gave back. Every failed purchase, and every purchase pending for more than
 * a minute (recovery resolves those within one), is looked up by its id; the provider holding
 * its money (`settled`) is a problem. Each as a sentence; empty when none.
 */
export async function unresolvedCharges(db: Db, provider: PaymentProvider): Promise<string[]> {
  const rows = await db
    .selectFrom('purchases')
    .select(['id', 'status', 'amount_minor'])
    .where('provider', '=', provider.name)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'failed'),
        eb.and([eb('status', '=', 'pending'), eb('created_at', '<', sql<Date>`now() - interval '1 minute'`)]),
      ]),
    )
    .orderBy('created_at')
    .execute();
  const problems: string[] = [];
  for (const p of rows) {
    const state = await provider.lookup(p.id);
    if (state.status === 'settled') {
      problems.push(
        `${p.status} purchase ${p.id} was charged ${p.amount_minor} by ${provider.name} (${state.reference}) but neither settled nor refunded`,
      );
    }
  }
  return problems;
}
