import { sql, type Kysely } from 'kysely';

/**
 * Real payment providers (API.md §20, docs/paid-content.md "Payment providers"):
 *
 * - A purchase may be `disputed`: the buyer's bank took the money back (a chargeback). It moves
 *   settled → disputed when the dispute opens and disputed → settled when it is won; a lost one
 *   stays disputed. While disputed the purchase grants nothing, and it stays live (its buyer
 *   cannot buy the item again meanwhile: a won dispute restores it).
 * - `purchase_disputes`: one row per disputed purchase (a charge is disputed once), with its outcome.
 * - Journal entries gain the kinds `dispute` (the sale reversed) and `dispute_won` (the sale
 *   booked again), each at most once per purchase.
 * - `payment_events`: every webhook event received, by provider and event id, so a repeat is
 *   read once; an event that arrived before the one it follows waits there (`applied_at` null)
 *   until its purchase reaches that state.
 * - `test_payments` (the `test` provider's own books) knows checkouts still waiting and refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE purchases DROP CONSTRAINT purchases_status_check;
    ALTER TABLE purchases
      ADD CONSTRAINT purchases_status_check CHECK (status IN ('pending', 'settled', 'failed', 'refunded', 'disputed'));
    ALTER TABLE purchases DROP CONSTRAINT purchases_settled_at;
    ALTER TABLE purchases
      ADD CONSTRAINT purchases_settled_at CHECK ((status IN ('settled', 'refunded', 'disputed')) = (settled_at IS NOT NULL));
    DROP INDEX purchases_live_video;
    DROP INDEX purchases_live_playlist;
    CREATE UNIQUE INDEX purchases_live_video ON purchases (buyer_id, video_id)
      WHERE kind = 'video' AND status IN ('pending', 'settled', 'disputed');
    CREATE UNIQUE INDEX purchases_live_playlist ON purchases (buyer_id, playlist_id)
      WHERE kind = 'playlist' AND status IN ('pending', 'settled', 'disputed');

    CREATE OR REPLACE FUNCTION purchases_state_machine() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'purchases are never deleted';
      END IF;
      IF (NEW.id, NEW.buyer_id, NEW.kind, NEW.video_id, NEW.playlist_id, NEW.upload_slots, NEW.seller_id, NEW.title,
          NEW.amount_minor, NEW.idempotency_key, NEW.provider, NEW.created_at)
         IS DISTINCT FROM
         (OLD.id, OLD.buyer_id, OLD.kind, OLD.video_id, OLD.playlist_id, OLD.upload_slots, OLD.seller_id, OLD.title,
          OLD.amount_minor, OLD.idempotency_key, OLD.provider, OLD.created_at) THEN
        RAISE EXCEPTION 'a purchase never changes, only its status moves';
      END IF;
      -- pending → settled | failed, once; while pending, the provider's reference may be recorded once.
      IF OLD.status = 'pending' AND NEW.status IN ('settled', 'failed') THEN
        RETURN NEW;
      END IF;
      IF OLD.status = 'pending' AND NEW.status = 'pending' AND OLD.provider_ref IS NULL AND NEW.provider_ref IS NOT NULL THEN
        RETURN NEW;
      END IF;
      -- settled → refunded | disputed, disputed → settled (a dispute won), keeping the time it settled.
      IF ((OLD.status = 'settled' AND NEW.status IN ('refunded', 'disputed')) OR (OLD.status = 'disputed' AND NEW.status = 'settled'))
         AND NEW.settled_at = OLD.settled_at AND NEW.provider_ref IS NOT DISTINCT FROM OLD.provider_ref THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'purchase % cannot move from % to %', OLD.id, OLD.status, NEW.status;
    END $$;

    CREATE TABLE purchase_disputes (
      purchase_id uuid PRIMARY KEY REFERENCES purchases(id),
      reference text NOT NULL,
      opened_at timestamptz NOT NULL DEFAULT now(),
      outcome text CHECK (outcome IN ('won', 'lost')),
      closed_at timestamptz,
      CHECK ((outcome IS NULL) = (closed_at IS NULL))
    );

    ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check;
    ALTER TABLE journal_entries
      ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN ('sale', 'refund', 'dispute', 'dispute_won'));

    CREATE TABLE payment_events (
      provider text NOT NULL,
      event_id text NOT NULL CHECK (char_length(event_id) BETWEEN 1 AND 255),
      type text NOT NULL,
      purchase_id uuid,
      payload jsonb NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      applied_at timestamptz,
      outcome text,
      PRIMARY KEY (provider, event_id)
    );
    CREATE INDEX payment_events_waiting ON payment_events (purchase_id) WHERE applied_at IS NULL;

    ALTER TABLE test_payments DROP CONSTRAINT test_payments_status_check;
    ALTER TABLE test_payments
      ADD CONSTRAINT test_payments_status_check CHECK (status IN ('pending', 'settled', 'failed', 'refunded'));
  `.execute(db);
}
