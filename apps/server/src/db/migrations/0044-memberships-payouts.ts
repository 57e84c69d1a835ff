import { sql, type Kysely } from 'kysely';

/**
 * Memberships and payouts (API.md §20, docs/paid-content.md "Memberships" and "Payouts"):
 *
 * - `membership_offers`: a channel's one monthly offer (price, perks).
 * - `memberships`: a member of a channel; `active` (or `cancelled`: ending at the period's end)
 *   grants the channel's members-only videos until `current_period_end`. At most one live
 *   (pending, active, cancelled) membership per member and channel.
 * - `videos.members_only`.
 * - Each period paid is a purchase of kind `membership` (its sale in the journal as any sale; no
 *   entitlement row: the membership's period is what grants).
 * - `payout_accounts` (a creator's connected account) and `payouts`; a payout's journal entry
 *   moves its amount from `creator_earnings` to `creator_payouts`, and a failed payout's entry
 *   moves it back. Journal entries belong to a purchase or to a payout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE membership_offers (
      channel_id uuid PRIMARY KEY REFERENCES users(id),
      price_minor bigint NOT NULL CHECK (price_minor >= 100),
      perks text NOT NULL DEFAULT '' CHECK (char_length(perks) <= 2000),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE memberships (
      id uuid PRIMARY KEY,
      channel_id uuid NOT NULL REFERENCES users(id),
      member_id uuid NOT NULL REFERENCES users(id),
      price_minor bigint NOT NULL CHECK (price_minor > 0),
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'active', 'cancelled', 'failed', 'ended')),
      provider text NOT NULL,
      provider_ref text,
      current_period_end timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (channel_id <> member_id)
    );
    CREATE UNIQUE INDEX memberships_live ON memberships (member_id, channel_id) WHERE state IN ('pending', 'active', 'cancelled');
    CREATE INDEX memberships_channel ON memberships (channel_id, created_at) WHERE state IN ('active', 'cancelled');

    ALTER TABLE videos ADD COLUMN members_only boolean NOT NULL DEFAULT false;

    ALTER TABLE purchases DROP CONSTRAINT purchases_kind_check;
    ALTER TABLE purchases
      ADD CONSTRAINT purchases_kind_check CHECK (kind IN ('video', 'playlist', 'uploads', 'membership')),
      ADD COLUMN membership_id uuid REFERENCES memberships(id),
      ADD CONSTRAINT purchases_membership CHECK ((kind = 'membership') = (membership_id IS NOT NULL));
    CREATE INDEX purchases_membership ON purchases (membership_id) WHERE membership_id IS NOT NULL;

    CREATE TABLE payout_accounts (
      user_id uuid PRIMARY KEY REFERENCES users(id),
      provider text NOT NULL,
      account_ref text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE payouts (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      amount_minor bigint NOT NULL CHECK (amount_minor > 0),
      currency text NOT NULL,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'paid', 'failed')),
      provider text NOT NULL,
      provider_ref text,
      failure_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz,
      CHECK ((state = 'pending') = (settled_at IS NULL))
    );
    -- One payout in flight per creator: the job never sends the same earnings twice.
    CREATE UNIQUE INDEX payouts_one_pending ON payouts (user_id) WHERE state = 'pending';
    CREATE INDEX payouts_user ON payouts (user_id, created_at);

    ALTER TABLE journal_entries ALTER COLUMN purchase_id DROP NOT NULL;
    ALTER TABLE journal_entries
      ADD COLUMN payout_id uuid REFERENCES payouts(id),
      ADD CONSTRAINT journal_entries_owner CHECK ((purchase_id IS NULL) <> (payout_id IS NULL)),
      ADD CONSTRAINT journal_entries_payout_kind UNIQUE (payout_id, kind);
    ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
    ALTER TABLE journal_entries
      ADD CONSTRAINT journal_entries_kind_check
      CHECK (kind IN ('sale', 'refund', 'dispute', 'dispute_won', 'payout', 'payout_failed'));
    ALTER TABLE journal_lines DROP CONSTRAINT journal_lines_account_check;
    ALTER TABLE journal_lines
      ADD CONSTRAINT journal_lines_account_check
      CHECK (account IN ('buyer_payments', 'creator_earnings', 'platform_revenue', 'creator_payouts'));
  `.execute(db);
}
