import { sql, type Kysely } from 'kysely';

/**
 * When the provider gave a refunded purchase's money back (docs/paid-content.md, "Refunds"): a row
 * written by the durable subscriber of `purchase.refunded` once the provider answered, so a
 * redelivery asks nothing. (A table of its own: a purchase row only ever moves its status.)
 * Refunds made before this migration were returned at once: they count as returned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE purchase_money_returns (
      purchase_id uuid PRIMARY KEY REFERENCES purchases(id),
      returned_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO purchase_money_returns (purchase_id, returned_at)
      SELECT id, refunded_at FROM purchases WHERE status = 'refunded';
  `.execute(db);
}
