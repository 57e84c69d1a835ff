import { sql, type Kysely } from 'kysely';

/**
 * Purchases that end (docs/paid-content.md, "Life cycle" and "Recovery"):
 *
 * - A refunded purchase's entitlement no longer blocks a new one: the entitlements of a buyer and
 *   an item were unique, so buying again after a takedown, a refund and a restore failed inside
 *   settling, after the provider had charged. One live purchase per buyer and item is already
 *   the rule of `purchases_live_*`, and one entitlement per purchase that of `purchase_id`; the
 *   two indexes stay, for the access rule, without their uniqueness.
 * - `test_payments` is the `test` payment provider's own record of what it charged and refunded
 *   (a real provider keeps it on its side), so a purchase left pending by a crash can be looked
 *   up by its id after a restart, and `ledger:check` can find a charge neither settled nor refunded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX entitlements_video;
    DROP INDEX entitlements_playlist;
    CREATE INDEX entitlements_video ON entitlements (user_id, video_id) WHERE kind = 'video';
    CREATE INDEX entitlements_playlist ON entitlements (user_id, playlist_id) WHERE kind = 'playlist';

    CREATE INDEX purchases_pending ON purchases (created_at) WHERE status = 'pending';

    CREATE TABLE test_payments (
      purchase_id uuid PRIMARY KEY,
      reference text NOT NULL UNIQUE,
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      status text NOT NULL CHECK (status IN ('settled', 'refunded')),
      created_at timestamptz NOT NULL DEFAULT now(),
      refunded_at timestamptz,
      CHECK ((status = 'refunded') = (refunded_at IS NOT NULL))
    );
  `.execute(db);
}
