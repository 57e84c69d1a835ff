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

/**
 * A repository of one feature's queries: `queries(db)` on the pool, and `transaction(fn)`, the
 * same unit of work with the queries bound to the transaction (and the raw transaction, for
 * events, the queue and the access rule written in it).
 */
export function repository<Queries>(db: Db, queries: (q: Db) => Queries) {
  const inTransaction = unitOfWork(db, (q) => ({ tx: queries(q), trx: q }));
  return {
    ...queries(db),
    transaction: <T>(fn: (tx: Queries, trx: Db) => Promise<T>): Promise<T> => inTransaction(({ tx, trx }) => fn(tx, trx)),
  };
}
