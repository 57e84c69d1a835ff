import type { Db } from './database.ts';

/**
 * A unit of work: `build` makes the repos a service needs on a query handle; `run` opens one
 * transaction, builds them on it and hands them to `work`, so everything they write commits
 * together or not at all. Outside `run`, `build(db)` gives the same repos on the pool.
 *
 *   const inTransaction = unitOfWork(db, (q) => ({ purchases: createPurchasesRepo(q), ledger: ledger.on(q) }));
 *   await inTransaction(async ({ purchases, ledger }) => { … });
 */
export function unitOfWork<Repos>(db: Db, build: (q: Db) => Repos) {
  return <T>(work: (repos: Repos) => Promise<T>): Promise<T> => db.transaction().execute((trx) => work(build(trx)));
}
export type UnitOfWork<Repos> = ReturnType<typeof unitOfWork<Repos>>;
